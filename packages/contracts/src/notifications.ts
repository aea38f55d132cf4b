import { z } from 'zod';
import { appEventTypes, type AppEventType } from './events.js';

/** What a notification is about: the event that made it. */
export const notificationKind = z.enum(appEventTypes as [AppEventType, ...AppEventType[]]);
export type NotificationKind = z.infer<typeof notificationKind>;

/** The specification's info toast icons: someone wrote to you, a link to follow, something to celebrate. */
export const notificationIcon = z.enum(['mention', 'link', 'star']);
export type NotificationIcon = z.infer<typeof notificationIcon>;

export const notification = z.object({
  id: z.string(),
  kind: notificationKind,
  icon: notificationIcon,
  title: z.string(),
  body: z.string(),
  /** The app path of what it is about (`/mission-deliverable/…`, `/studio/cohorts/…`). */
  link: z.string(),
  /** Null while any entry of its group is unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * How many entries about the same subject (the same link) this one stands for: the list shows the newest,
   * and opening it marks them all read.
   */
  count: z.number().int().min(1),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z
  .object({
    unreadOnly: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const notificationsPage = z.object({
  notifications: z.array(notification),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const unreadCount = z.object({ unread: z.number().int() });
export const notificationIdParams = z.object({ id: z.uuid() });
export const readAllResult = z.object({ updated: z.number().int() });

/** Which kinds also come by e-mail (every kind does unless turned off). */
export const notificationPreferences = z.object({ email: z.partialRecord(notificationKind, z.boolean()) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const updateNotificationPreferencesBody = z
  .object({ email: z.partialRecord(notificationKind, z.boolean()) })
  .strict();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBody>;

/**
 * The kinds a person may choose to get by e-mail, as the profile's preferences name them. A support reply is
 * not among them: it is itself an e-mail the founder asked for, and its centre entry sends no second one.
 * Nor is a meeting change: its mail carries the updated calendar invite and is always sent; nor an expert's
 * new question or meeting request, whose mail (with its answer and accept links) the experts room sends.
 */
export type MailableKind = Exclude<
  NotificationKind,
  'support.replied' | 'meeting.changed' | 'question.asked' | 'meeting.requested'
>;
export const notificationKindLabels: Record<MailableKind, string> = {
  'deliverable.reviewed': 'A deliverable of yours is reviewed',
  'deliverable.submitted': 'A founder hands in a deliverable you review',
  'deliverable.commented': 'Someone comments on your deliverable',
  'invitation.accepted': 'A founder you invited joins',
  'mission.reopened': 'A mission of yours is reopened',
  'question.answered': 'An expert answers your question',
  'question.replied': 'A founder replies to your answer',
  'startup.joined': 'A co-founder you invited joins your startup',
  'startup.member_removed': 'You are taken off a startup',
  'startup.owner_changed': 'A startup is handed to you',
  'milestone.due': 'A milestone of yours is due soon or overdue',
  'founder.nudged': 'The program team nudges you towards your next step',
};

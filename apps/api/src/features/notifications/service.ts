import { appEventTypes, type AppEvent } from '@liftoff/contracts/events';
import {
  notificationKindLabels,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
  type UpdateNotificationPreferencesBody,
} from '@liftoff/contracts/notifications';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { EventBus } from '../../plugins/events.js';
import type { Mailer } from '../../plugins/mail.js';
import { messagesFor, type MembersOf, type Recipient, type TeamOf } from './messages.js';
import { notificationsRepository, toNotification } from './repository.js';

export interface NotificationsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The auth room's answer: who a person is (null once the account is gone). */
  findPerson: (id: string) => Promise<Recipient | null>;
  /** The cohorts room's answer: the managers of a founder's cohort, who read hand-ins nobody reviews yet. */
  teamOf: TeamOf;
  /** The startups room's answer: who shares the work an event is about (every member hears of it). */
  membersOf: MembersOf;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The notification centre: entries made from events, read by their owner only, mailed unless turned off. */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, mailer } = deps;
  const repository = notificationsRepository(db);

  /** Writes the centre entries an event makes and mails each person who has not turned that kind off. */
  async function deliver(event: AppEvent) {
    for (const message of await messagesFor(event, deps.findPerson, deps.teamOf, deps.membersOf)) {
      const person = await deps.findPerson(message.userId);
      if (!person) continue;
      const { mailedByPublisher, quote, ...entry } = message;
      await repository.insert(entry);
      if (mailedByPublisher) continue;
      if ((await repository.emailOff(person.id)).includes(message.kind)) continue;
      await mailer.send(person.email, {
        subject: message.title,
        heading: message.title,
        // The comment itself, line by line (the template escapes each paragraph).
        paragraphs: quote
          ? [`${quote.by} wrote:`, ...quote.text.split(/\n+/).filter((line) => line.trim())]
          : [message.body],
        action: { label: 'Open in Liftoff', url: `${deps.appUrl}${message.link}` },
        footer: 'You can turn these e-mails off under Notifications in your Liftoff profile.',
      });
    }
  }

  return {
    /** Listens to every event the centre knows. */
    subscribe(events: EventBus) {
      for (const type of appEventTypes) events.subscribe(type, deliver);
    },
    async list(
      userId: string,
      query: { unreadOnly?: boolean; page: number; pageSize: number },
    ): Promise<NotificationsPage> {
      const [{ rows, total }, unread] = await Promise.all([
        repository.list(userId, { unreadOnly: query.unreadOnly ?? false, ...query }),
        repository.unread(userId),
      ]);
      return {
        notifications: rows.map((row) => toNotification(row, row.count)),
        total,
        unread,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    unread: (userId: string) => repository.unread(userId),
    /** Opening one entry opens its subject: every entry about it (its link) is marked read. */
    async markRead(userId: string, id: string) {
      const row = await repository.markRead(userId, id);
      if (!row) throw notFound('Notification not found');
      return toNotification(row, row.count);
    },
    markAllRead: (userId: string) => repository.markAllRead(userId),
    async preferences(userId: string): Promise<NotificationPreferences> {
      const off = await repository.emailOff(userId);
      const kinds = Object.keys(notificationKindLabels) as NotificationKind[];
      return { email: Object.fromEntries(kinds.map((kind) => [kind, !off.includes(kind)])) };
    },
    async updatePreferences(userId: string, body: UpdateNotificationPreferencesBody) {
      const current = await repository.emailOff(userId);
      const off = appEventTypes.filter((kind) => {
        const wanted = body.email[kind];
        return wanted === undefined ? current.includes(kind) : !wanted;
      });
      await repository.setEmailOff(userId, off);
      return this.preferences(userId);
    },
  };
}

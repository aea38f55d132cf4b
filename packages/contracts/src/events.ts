import { z } from 'zod';

/**
 * Changes a person should hear about, as their domain publishes them on the API's event bus once its
 * transaction has committed. The notifications room subscribes and turns them into centre entries and mails;
 * no domain writes such mails itself. Ids are the database ids of the records named.
 */
export const reviewStatus = z.enum(['submitted', 'in_review', 'changes_requested', 'approved']);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const deliverableReviewedEvent = z.object({
  type: z.literal('deliverable.reviewed'),
  deliverableId: z.string(),
  /** Who handed it in (the startup's id once that account is gone). */
  founderId: z.string(),
  /** Whose work it is: every current member of this startup is told (decision 063). */
  startupId: z.string(),
  /** The founder's mission the deliverable belongs to (its id in the founder's program). */
  missionId: z.string(),
  /** The program content's key of that mission, for links that survive a program's re-import. */
  missionKey: z.string().nullable(),
  status: reviewStatus,
  reviewerId: z.string(),
  /** Who moved it, by name, and what was reviewed: the founder's notification names both. */
  reviewerName: z.string(),
  deliverableTitle: z.string(),
  /** The comment given with the move (its text, as written), so the one notification and mail carry it. */
  comment: z.string().nullable(),
});

/**
 * A deliverable was handed in, or a new version of it uploaded: the reviewer who last moved it is told, or,
 * before anyone did, the managers of the founder's cohort.
 */
export const deliverableSubmittedEvent = z.object({
  type: z.literal('deliverable.submitted'),
  deliverableId: z.string(),
  founderId: z.string(),
  founderName: z.string(),
  missionId: z.string(),
  deliverableTitle: z.string(),
  /** 1 for the first hand-in. */
  version: z.number().int().min(1),
  /** Who last moved its review; null before anyone did. */
  reviewerId: z.string().nullable(),
});

export const deliverableCommentedEvent = z.object({
  type: z.literal('deliverable.commented'),
  deliverableId: z.string(),
  founderId: z.string(),
  /** Whose work it is: every current member but the author is told. */
  startupId: z.string(),
  missionId: z.string(),
  authorId: z.string(),
  commentId: z.string(),
  authorName: z.string(),
  deliverableTitle: z.string(),
  /** The comment's text, carried into the notification and its mail. */
  body: z.string(),
});

export const invitationAcceptedEvent = z.object({
  type: z.literal('invitation.accepted'),
  invitationId: z.string(),
  cohortId: z.string(),
  founderId: z.string(),
  /** The manager who sent the invitation: the person told. */
  invitedById: z.string(),
});

export const missionReopenedEvent = z.object({
  type: z.literal('mission.reopened'),
  /** The founder whose mission was reopened: every current member of their startup is told. */
  founderId: z.string(),
  missionId: z.string(),
  cohortId: z.string(),
  reopenedById: z.string(),
});

/** An expert answered (or wrote again in) a founder's question thread: the founder is told. */
export const questionAnsweredEvent = z.object({
  type: z.literal('question.answered'),
  questionId: z.string(),
  founderId: z.string(),
  expertName: z.string(),
  subject: z.string(),
});

/** The founder wrote again in a thread: the expert's account is told. */
export const questionRepliedEvent = z.object({
  type: z.literal('question.replied'),
  questionId: z.string(),
  /** The expert's user account (only experts who signed up hear of it in the app). */
  expertUserId: z.string(),
  founderName: z.string(),
  subject: z.string(),
});

/** A founder asked an expert a question: the expert's account is told in the app (the mail goes already). */
export const questionAskedEvent = z.object({
  type: z.literal('question.asked'),
  questionId: z.string(),
  expertUserId: z.string(),
  founderName: z.string(),
  subject: z.string(),
});

/** A founder requested a meeting: the expert's account is told in the app (the invite is mailed already). */
export const meetingRequestedEvent = z.object({
  type: z.literal('meeting.requested'),
  meetingId: z.string(),
  expertUserId: z.string(),
  founderName: z.string(),
  serviceName: z.string(),
  /** The requested start (ISO instant). */
  start: z.string(),
});

/**
 * A meeting request changed (answered, proposed, cancelled, notes written): one event per person told.
 * Both people also get the updated calendar invite by e-mail from the experts room.
 */
export const meetingChanges = [
  'accepted',
  'declined',
  'proposed',
  'proposal_accepted',
  'proposal_declined',
  'cancelled',
  'notes',
  'rescheduled',
] as const;
export const meetingChangedEvent = z.object({
  type: z.literal('meeting.changed'),
  meetingId: z.string(),
  change: z.enum(meetingChanges),
  /** The account told, and from which side it sees the meeting. */
  recipientId: z.string(),
  recipientSide: z.enum(['founder', 'expert']),
  /** Who made the change, by name. */
  actorName: z.string(),
  serviceName: z.string(),
  /** The meeting's start (ISO instant) after the change. */
  start: z.string(),
});

export const supportRepliedEvent = z.object({
  type: z.literal('support.replied'),
  feedbackId: z.string(),
  /** Who wrote the message: the person told. */
  founderId: z.string(),
  subject: z.string(),
  /** The reply itself, so the founder reads it in the app as well as in the mail. */
  reply: z.string(),
  repliedById: z.string(),
});

/** A founder's milestone is due within three days, or past its due date, and not completed: told once each. */
export const milestoneDueEvent = z.object({
  type: z.literal('milestone.due'),
  notice: z.enum(['due_soon', 'overdue']),
  founderId: z.string(),
  cohortId: z.string(),
  milestoneKey: z.string(),
  milestoneName: z.string(),
  /** The milestone's last day in the cohort's calendar (YYYY-MM-DD). */
  dueOn: z.string(),
});

/** The program team nudged a founder towards their next step: the founder is told, in the team's words. */
export const founderNudgedEvent = z.object({
  type: z.literal('founder.nudged'),
  nudgeId: z.string(),
  founderId: z.string(),
  cohortId: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The founder's own next step in the app. */
  link: z.string(),
});

export type SupportRepliedEvent = z.infer<typeof supportRepliedEvent>;

/** Someone joined a startup through an invitation: whoever invited them is told. */
export const startupJoinedEvent = z.object({
  type: z.literal('startup.joined'),
  startupId: z.string(),
  startupName: z.string(),
  founderId: z.string(),
  invitedById: z.string(),
});

/** The owner took a member off the startup: that person is told. */
export const startupMemberRemovedEvent = z.object({
  type: z.literal('startup.member_removed'),
  startupId: z.string(),
  startupName: z.string(),
  founderId: z.string(),
  removedById: z.string(),
});

/** A startup has a new owner (handed on, or passed on when the owner left or deleted their account). */
export const startupOwnerChangedEvent = z.object({
  type: z.literal('startup.owner_changed'),
  startupId: z.string(),
  startupName: z.string(),
  /** The new owner: the person told. */
  ownerId: z.string(),
  /** Who handed it on; null when it passed on by itself (the owner left or is gone). */
  byId: z.string().nullable(),
});

export const appEvent = z.discriminatedUnion('type', [
  deliverableReviewedEvent,
  deliverableSubmittedEvent,
  deliverableCommentedEvent,
  invitationAcceptedEvent,
  missionReopenedEvent,
  questionAnsweredEvent,
  questionRepliedEvent,
  questionAskedEvent,
  meetingRequestedEvent,
  meetingChangedEvent,
  supportRepliedEvent,
  startupJoinedEvent,
  startupMemberRemovedEvent,
  startupOwnerChangedEvent,
  milestoneDueEvent,
  founderNudgedEvent,
]);
export type AppEvent = z.infer<typeof appEvent>;
export type AppEventType = AppEvent['type'];
/** The event of one type: `EventOf<'mission.reopened'>`. */
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;
export const appEventTypes = appEvent.options.map((option) => option.shape.type.value) as AppEventType[];

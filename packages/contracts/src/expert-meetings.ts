import { z } from 'zod';
import { availability, founderContext, meetingRating, meetingRequest } from './experts.js';

/**
 * The meetings of the expert portal: requests addressed to the signed-in expert, their answers, proposals of
 * another slot, cancellation, notes after the meeting, and the expert's private calendar feed.
 */
export const meetingsMessages = {
  list: 'Meetings Fetched Successfully.',
  answer: 'Meeting Answered Successfully.',
  propose: 'New Time Proposed Successfully.',
  cancel: 'Meeting Cancelled Successfully.',
  notes: 'Meeting Notes Saved Successfully.',
  slots: 'Availability Schedules Fetched Successfully.',
  proposal: 'Proposal Answered Successfully.',
  feed: 'Calendar Feed Fetched Successfully.',
  feedCreated: 'Calendar Feed Created Successfully.',
  feedRevoked: 'Calendar Feed Revoked Successfully.',
  reschedule: 'Meeting Moved Successfully.',
  noShow: 'No-Show Recorded Successfully.',
  rating: 'Meeting Rated Successfully.',
} as const;

export const meetingsErrors = {
  notAwaitingYou: 'This meeting is not waiting for your answer.',
  tooLateToCancel: 'It is too late to cancel this meeting: it is within the minimum notice.',
  notCancellable: 'This meeting is already cancelled or declined.',
  notesTooEarly: 'Notes can be written once an accepted meeting has taken place.',
  notMovable: 'Only a pending or accepted meeting can move to another time.',
  notReschedulable:
    'Only an accepted meeting, or a request still waiting for the expert, can move to another time. Answer the time the expert proposed instead.',
  tooLateToMove: 'It is too late to move this meeting: it is within the minimum notice.',
  notStarted: 'A no-show can be marked once an accepted meeting has started.',
  notHeld: 'A meeting can be rated once it was accepted and has ended.',
} as const;

/** A meeting as the expert sees it: who asked and where they stood in the program. */
export const portalMeeting = meetingRequest.extend({
  /** The expert's own rating of the meeting, once given. */
  expertRating: meetingRating.nullable(),
  founderName: z.string(),
  founderEmail: z.string(),
  context: founderContext.nullable(),
});
export type PortalMeeting = z.infer<typeof portalMeeting>;

/** pending: waiting for an answer; accepted: confirmed and ahead; declined: declined or cancelled; past: held. */
export const portalMeetingFilters = ['pending', 'accepted', 'declined', 'past'] as const;
export type PortalMeetingFilter = (typeof portalMeetingFilters)[number];
export const portalMeetingsQuery = z.object({ status: z.enum(portalMeetingFilters).optional() }).strict();

const message = z.string().trim().max(2000).optional();

export const answerMeetingBody = z.object({ answer: z.enum(['accept', 'decline']), message }).strict();
export type AnswerMeetingBody = z.infer<typeof answerMeetingBody>;

export const proposeMeetingBody = z
  .object({
    /** One of the slots of the meeting's slot list (any offset; compared as an instant). */
    start: z.iso.datetime({ offset: true }),
    message,
  })
  .strict();
export type ProposeMeetingBody = z.infer<typeof proposeMeetingBody>;

export const cancelMeetingBody = z.object({ message }).strict();
export type CancelMeetingBody = z.infer<typeof cancelMeetingBody>;

export const meetingNotesBody = z.object({ notes: z.string().trim().min(1).max(10_000) }).strict();
export type MeetingNotesBody = z.infer<typeof meetingNotesBody>;

/** The expert's own free slots for moving this meeting, on a date of the expert's calendar. */
export const meetingSlotsQuery = z.object({ date: z.string().min(1).max(10) }).strict();
export type MeetingSlotsQuery = z.infer<typeof meetingSlotsQuery>;
export const meetingSlots = availability;

/** The founder's answer to the expert's proposal of another slot. */
export const proposalAnswerBody = z.object({ answer: z.enum(['accept', 'decline']) }).strict();
export type ProposalAnswerBody = z.infer<typeof proposalAnswerBody>;

/**
 * The expert's calendar feed. Only a hash of the token is stored, so the subscription URL is shown once,
 * when it is made; afterwards the portal says since when a feed is active.
 */
export const calendarFeed = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Only in the answer that made the token. */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;
export const calendarFeedQuery = z.object({ token: z.string().min(1).max(200) }).strict();

/** The founder moves their meeting to another free slot of the same expert (one of the slot list's starts). */
export const rescheduleMeetingBody = z.object({ start: z.iso.datetime({ offset: true }) }).strict();
export type RescheduleMeetingBody = z.infer<typeof rescheduleMeetingBody>;

export const rateMeetingBody = z
  .object({ score: z.number().int().min(1).max(5), note: z.string().trim().max(2000).optional() })
  .strict();
export type RateMeetingBody = z.infer<typeof rateMeetingBody>;

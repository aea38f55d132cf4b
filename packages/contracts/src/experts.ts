import { z } from 'zod';

/** Success messages of spec section 8 (and this feature's own where the spec names none). */
export const expertMessages = {
  list: 'Experts Fetched Successfully.',
  get: 'Expert Fetched Successfully.',
  availability: 'Availability Schedules Fetched Successfully.',
  requestMeeting: 'Meeting Request Send Successfully.',
  meetings: 'Meeting Requests Fetched Successfully.',
  cancelMeeting: 'Meeting Request Cancelled Successfully.',
  askQuestion: 'Question Send Successfully.',
  questions: 'Questions Fetched Successfully.',
  bookingUrl: 'Booking Page Fetched Successfully.',
  nextFreeSlots: 'Next Free Slots Fetched Successfully.',
  availabilityDays: 'Availability Days Fetched Successfully.',
} as const;

/** Failure messages a client may want to recognise. */
export const expertErrors = {
  slotTaken: 'That time was just booked. Please pick another slot.',
  notASlot: "That time is not one of the expert's free slots. Please pick a slot from the list.",
  noBookingUrl: 'This expert does not take bookings through an external page.',
  alreadyCancelled: 'This meeting request is already cancelled or declined.',
} as const;

/**
 * An expert's public profile. `expertMeta` is a list, as the specification names it; today it always holds
 * one entry.
 */
export const expertMeta = z.object({
  headline: z.string(),
  bio: z.string(),
  expertise: z.array(z.string()),
  linkedin: z.string(),
  languages: z.array(z.string()),
});
export type ExpertMeta = z.infer<typeof expertMeta>;

export const expertGenders = ['FEMALE', 'MALE', 'OTHER'] as const;

/** One kind of meeting an expert offers; the first of an expert's list is the default. */
export const expertService = z.object({
  serviceKey: z.string(),
  name: z.string(),
  /** Minutes. */
  duration: z.number().int(),
});
export type ExpertService = z.infer<typeof expertService>;

/** What a booking UI needs besides the slots: the expert's zone and the limits the date picker applies. */
export const expertBooking = z.object({
  /** The expert's IANA time zone (their weekly hours are wall-clock time there). */
  timezone: z.string(),
  /** Bookings open this many days ahead (counted from now; later dates have no slots). */
  bookingWindowDays: z.number().int(),
  /** No slot starts sooner than this many hours from now. */
  minimumNoticeHours: z.number().int(),
  bufferBefore: z.number().int(),
  bufferAfter: z.number().int(),
  /** Whether `GET /expert/set-more-url/{id}` answers an external booking page. */
  hasExternalBookingPage: z.boolean(),
});
export type ExpertBooking = z.infer<typeof expertBooking>;

/** An expert as the API returns it (spec section 3, plus services and booking limits). */
export const expert = z.object({
  id: z.string(),
  /** The content pack's stable key (file name of experts/<key>.yaml). */
  key: z.string(),
  authType: z.literal('EMAIL'),
  createdAt: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(expertGenders),
  phoneNumber: z.string(),
  profileImageUrl: z.string(),
  expertMeta: z.array(expertMeta),
  services: z.array(expertService),
  booking: expertBooking,
});
export type Expert = z.infer<typeof expert>;

/** A short reference to an expert inside meetings and questions. */
export const expertSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string(),
  headline: z.string(),
});
export type ExpertSummary = z.infer<typeof expertSummary>;

export const expertIdParams = z.object({ id: z.string() });

const ianaZone = z.string().min(1).max(64);

/** `GET /expert/availability-schedules/{id}?date=&timezone=&serviceKey=` */
export const availabilityQuery = z.object({
  /** A calendar date in the user's time zone, YYYY-MM-DD. */
  date: z.string().max(32),
  /** The user's IANA time zone (from the browser). */
  timezone: ianaZone,
  /** Defaults to the expert's first service. */
  serviceKey: z.string().max(64).optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

/** Expert availability (spec section 3): the free start times on `date` in `timezone`. */
export const availability = z.object({
  /** ISO instants with the user's offset, e.g. 2026-03-08T09:00:00-04:00, ascending. */
  slots: z.array(z.string()),
  timezone: z.string(),
  serviceKey: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  date: z.string(),
  /** The expert's own zone, for "09:00 your time (15:00 in Berlin)" hints. */
  expertTimezone: z.string(),
});
export type Availability = z.infer<typeof availability>;

/** How far ahead the experts page looks for an expert's next free slot. */
export const nextFreeHorizonDays = 60;

/** `GET /expert/next-free-slots`: each expert's earliest free slot of their first service. */
export const nextFreeSlot = z.object({
  expertId: z.string(),
  serviceKey: z.string(),
  /** A UTC instant (ISO, Z); null when nothing is free within `nextFreeHorizonDays`. */
  start: z.string().nullable(),
});
export type NextFreeSlot = z.infer<typeof nextFreeSlot>;

/** `GET /expert/availability-days/{id}?month=&timezone=&serviceKey=` */
export const availabilityDaysQuery = z.object({
  /** A calendar month in the user's time zone, YYYY-MM. */
  month: z.string().max(16),
  timezone: ianaZone,
  /** Defaults to the expert's first service. */
  serviceKey: z.string().max(64).optional(),
});
export type AvailabilityDaysQuery = z.infer<typeof availabilityDaysQuery>;

/** The dates of a month (in the user's zone) that hold at least one free slot, for a month view. */
export const availabilityDays = z.object({
  month: z.string(),
  timezone: z.string(),
  serviceKey: z.string(),
  /** YYYY-MM-DD, ascending. */
  days: z.array(z.string()),
});
export type AvailabilityDays = z.infer<typeof availabilityDays>;

export const meetingStatuses = ['REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const;
export const meetingStatus = z.enum(meetingStatuses);
export type MeetingStatus = z.infer<typeof meetingStatus>;

export const requestMeetingBody = z
  .object({
    expertId: z.string().min(1).max(64),
    serviceKey: z.string().min(1).max(64),
    /** One of the slots of the availability answer (any offset; it is compared as an instant). */
    start: z.iso.datetime({ offset: true }),
    /** The founder's IANA time zone; mails show times in it. */
    timezone: ianaZone,
    note: z.string().trim().max(2000).optional(),
  })
  .strict();
export type RequestMeetingBody = z.infer<typeof requestMeetingBody>;

/** One side's rating of a held meeting: 1 (poor) to 5 (excellent), with a note. */
export const meetingRating = z.object({ score: z.number().int().min(1).max(5), note: z.string().nullable() });
export type MeetingRating = z.infer<typeof meetingRating>;

export const meetingRequest = z.object({
  id: z.string(),
  expertId: z.string(),
  expert: expertSummary,
  serviceKey: z.string(),
  serviceName: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** UTC instants (ISO, Z). */
  start: z.string(),
  end: z.string(),
  /** The founder's zone when they booked. */
  timezone: z.string(),
  note: z.string().nullable(),
  status: meetingStatus,
  /**
   * Whose answer a REQUESTED meeting waits for: the expert's (a founder's request) or the founder's (the
   * expert proposed another slot). Null once the meeting is no longer REQUESTED.
   */
  awaiting: z.enum(['expert', 'founder']).nullable(),
  /** The expert's message with their last answer, proposal or cancellation. */
  expertMessage: z.string().nullable(),
  /** Who cancelled, once CANCELLED. */
  cancelledBy: z.enum(['founder', 'expert']).nullable(),
  /** The expert's notes after the meeting (Markdown), shown to the founder. */
  notes: z.string().nullable(),
  /** The calendar invite's SEQUENCE; grows with every change. */
  sequence: z.number().int(),
  /** `GET` it for the current .ics invite (text/calendar). */
  inviteUrl: z.string(),
  /** The expert marked that the founder did not come. */
  noShow: z.boolean(),
  /** The founder's own rating of the meeting, once given (after it ended). */
  founderRating: meetingRating.nullable(),
  /** The meeting's own video call (a Jitsi Meet room with an unguessable name), also in its invite and mails. */
  videoUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingRequest = z.infer<typeof meetingRequest>;

export const meetingIdParams = z.object({ id: z.string() });

export const askQuestionBody = z
  .object({
    expertId: z.string().min(1).max(64),
    subject: z.string().trim().min(1).max(200),
    question: z.string().trim().min(1).max(5000),
    /** One of the founder's own missions, to give the expert context. */
    missionId: z.string().min(1).max(64).optional(),
    /** The step of that mission the founder asked from (needs `missionId`). */
    stepId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** Where the founder stood when asking (kept with the question, sent to the expert). */
export const founderContext = z.object({
  founderName: z.string().nullable(),
  startupName: z.string().nullable(),
  programName: z.string().nullable(),
  milestoneName: z.string().nullable(),
  missionName: z.string().nullable(),
  /** The startup's stage from onboarding; absent on questions asked before it was kept. */
  stage: z.string().nullable().optional(),
  /** The step of the mission the question was asked from, when asked from one. */
  stepName: z.string().nullable().optional(),
});
export type FounderContext = z.infer<typeof founderContext>;

export const expertQuestion = z.object({
  id: z.string(),
  expertId: z.string(),
  expert: expertSummary,
  subject: z.string(),
  question: z.string(),
  missionId: z.string().nullable(),
  context: founderContext,
  createdAt: z.string(),
});
export type ExpertQuestion = z.infer<typeof expertQuestion>;

/** `GET /expert/set-more-url/{id}`: the expert's external booking page. */
export const bookingUrl = z.object({ url: z.string() });
export type BookingUrl = z.infer<typeof bookingUrl>;

/**
 * The expert portal's view of questions: OPEN until the expert first answers, ANSWERED while the thread
 * goes on, CLOSED once either side closes it.
 */
export const questionStatuses = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export const questionStatus = z.enum(questionStatuses);
export type QuestionStatus = z.infer<typeof questionStatus>;

export const questionMessage = z.object({
  id: z.string(),
  /** Who wrote it: the founder who asked or the expert asked. */
  author: z.enum(['founder', 'expert']),
  /** Markdown, rendered with the app's safe renderer. */
  body: z.string(),
  createdAt: z.string(),
});
export type QuestionMessage = z.infer<typeof questionMessage>;

/** A question with its thread, as the founder who asked and the expert asked both see it. */
export const questionThread = expertQuestion.extend({
  status: questionStatus,
  messages: z.array(questionMessage),
  closedAt: z.string().nullable(),
});
export type QuestionThread = z.infer<typeof questionThread>;

export const questionIdParams = z.object({ id: z.string() });

export const inboxQuery = z.object({ status: z.enum(['open', 'answered', 'closed']).optional() }).strict();
export type InboxQuery = z.infer<typeof inboxQuery>;

export const questionMessageBody = z.object({ body: z.string().trim().min(1).max(10_000) }).strict();
export type QuestionMessageBody = z.infer<typeof questionMessageBody>;

/** The program team invites an expert: the profile must exist (content pack), the mail leads to sign-up. */
export const inviteExpertBody = z.object({ email: z.email().max(320) }).strict();
export type InviteExpertBody = z.infer<typeof inviteExpertBody>;

export const expertInvitation = z.object({
  expertId: z.string(),
  email: z.string(),
  invitedAt: z.string(),
  /** True once the expert has signed up and the account is linked. */
  linked: z.boolean(),
});
export type ExpertInvitation = z.infer<typeof expertInvitation>;

/** The signed-in expert's own profile link. */
export const myExpertProfile = expert;

export const portalMessages = {
  inbox: 'Questions Fetched Successfully.',
  thread: 'Question Fetched Successfully.',
  reply: 'Reply Sent Successfully.',
  close: 'Question Closed Successfully.',
  invite: 'Expert Invited Successfully.',
  me: 'Expert Profile Fetched Successfully.',
} as const;

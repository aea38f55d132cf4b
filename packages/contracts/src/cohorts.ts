import { z } from 'zod';
import { email } from './auth.js';
import { progressStatus } from './programs.js';

/** The studio's cohorts: runs of a program, their invitations and the manager's dashboard. */
export const cohortsMessages = {
  cohorts: 'Cohorts Fetched Successfully.',
  cohort: 'Cohort Fetched Successfully.',
  created: 'Cohort created successfully.',
  updated: 'Cohort updated successfully.',
  deleted: 'Cohort deleted successfully.',
  invitations: 'Invitations Fetched Successfully.',
  invited: 'Invitations processed.',
  resent: 'Invitation sent again.',
  revoked: 'Invitation revoked.',
  moved: 'Founder moved.',
  reopened: 'Mission reopened.',
  dashboard: 'Dashboard Fetched Successfully.',
  timeline: 'Timeline Fetched Successfully.',
  programs: 'Programs Fetched Successfully.',
  managers: 'Managers Fetched Successfully.',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the form YYYY-MM-DD' });
const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
export const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'Not a known time zone (for example Europe/Berlin)' });
export const uuidParam = z.uuid({ message: 'Not a valid id' });

const cohortFields = {
  name: z.string().trim().min(1).max(120),
  programKey: z.string().trim().min(1).max(80),
  startDate: isoDate,
  endDate: isoDate,
  timeZone,
  /** A founder counts as stuck after this many days without activity or on one step. */
  stuckAfterDays: z.number().int().min(1).max(90),
  managerIds: z.array(uuidParam).max(20),
};

const endsAfterStart = (value: { startDate?: string; endDate?: string }) =>
  !value.startDate || !value.endDate || value.endDate >= value.startDate;
const endsAfterStartIssue = { message: 'The end date comes before the start date', path: ['endDate'] };

export const createCohortBody = z
  .object({
    ...cohortFields,
    stuckAfterDays: cohortFields.stuckAfterDays.default(7),
    managerIds: cohortFields.managerIds.default([]),
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartIssue);
export type CreateCohortBody = z.input<typeof createCohortBody>;

export const updateCohortBody = z
  .object(cohortFields)
  .partial()
  .strict()
  .refine(endsAfterStart, endsAfterStartIssue);
export type UpdateCohortBody = z.infer<typeof updateCohortBody>;

export const cohortManager = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type CohortManager = z.infer<typeof cohortManager>;

/** A program a cohort can run (the newest version of each). */
export const programChoice = z.object({ key: z.string(), name: z.string(), summary: z.string() });
export type ProgramChoice = z.infer<typeof programChoice>;

export const cohort = z.object({
  id: z.string(),
  name: z.string(),
  programKey: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  stuckAfterDays: z.number().int(),
  /** The instant the end date passes (midnight after endDate in the cohort's time zone). */
  endsAt: z.string(),
  /** When the end date closed its unfinished missions; null while the cohort runs. */
  closedAt: z.string().nullable(),
  managers: z.array(cohortManager),
  founderCount: z.number().int(),
  pendingInvitationCount: z.number().int(),
  createdAt: z.string(),
});
export type Cohort = z.infer<typeof cohort>;

export const cohortParams = z.object({ cohortId: uuidParam }).strict();
export const invitationParams = z.object({ cohortId: uuidParam, invitationId: uuidParam }).strict();
export const founderParams = z.object({ cohortId: uuidParam, founderId: uuidParam }).strict();
export const missionParams = z
  .object({ cohortId: uuidParam, founderId: uuidParam, missionId: uuidParam })
  .strict();

export const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;
export const invitationStatus = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof invitationStatus>;

export const invitation = z.object({
  id: z.string(),
  cohortId: z.string(),
  email: z.string(),
  name: z.string(),
  startup: z.string(),
  status: invitationStatus,
  expiresAt: z.string(),
  sentAt: z.string(),
  sendCount: z.number().int(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

const personName = z.string().trim().min(1).max(120);
const startup = z.string().trim().max(120);

export const inviteBody = z.object({ name: personName, email, startup: startup.default('') }).strict();
export type InviteBody = z.input<typeof inviteBody>;

/** A pasted or uploaded CSV (name, e-mail, startup); a header row is recognised and skipped. */
export const importInvitationsBody = z
  .object({ csv: z.string().min(1, { message: 'Paste or upload at least one row' }).max(500_000) })
  .strict();
export type ImportInvitationsBody = z.infer<typeof importInvitationsBody>;

export const importRowError = z.object({
  /** 1-based line of the CSV text. */
  line: z.number().int(),
  email: z.string().nullable(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importResult = z.object({
  invited: z.array(invitation),
  /** Founders with an account already: they joined the cohort at once. */
  joined: z.array(invitation),
  errors: z.array(importRowError),
});
export type ImportResult = z.infer<typeof importResult>;

export const moveFounderBody = z.object({ toCohortId: uuidParam }).strict();

/* The manager's dashboard. */

export const milestoneColumn = z.object({ index: z.number().int(), key: z.string(), name: z.string() });

export const milestoneCell = z.object({
  index: z.number().int(),
  status: progressStatus,
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
});
export type MilestoneCell = z.infer<typeof milestoneCell>;

export const stuckReasons = ['NO_ACTIVITY', 'STEP_TOO_LONG', 'BEHIND_PACE'] as const;

export const founderRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  startup: z.string(),
  joinedAt: z.string(),
  lastActivityAt: z.string().nullable(),
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  milestones: z.array(milestoneCell),
  stuck: z.enum(stuckReasons).nullable(),
  /**
   * Days since the last activity or since the open step started, whichever made them stuck; behind pace,
   * days since the earliest due date they missed.
   */
  stuckDays: z.number().int().nullable(),
  /** The earliest milestone past its due date and not completed, when the cohort has paced it. */
  behindPace: z
    .object({
      milestoneKey: z.string(),
      milestoneName: z.string(),
      dueOn: z.string(),
      days: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type FounderRow = z.infer<typeof founderRow>;

export const dashboard = z.object({
  cohort,
  milestones: z.array(milestoneColumn),
  founders: z.array(founderRow),
  /** Handed-in deliverables that wait for the program team. */
  deliverablesAwaitingReview: z.number().int(),
  /** Expert questions of the cohort's founders without an answer for more than 48 hours. */
  unansweredQuestions: z.number().int(),
  meetingsThisWeek: z.array(
    z.object({
      founderId: z.string(),
      founderName: z.string(),
      expertName: z.string(),
      startsAt: z.string(),
      status: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboard>;

export const timelineKinds = ['STEP', 'DELIVERABLE', 'QUESTION', 'MEETING', 'COACH', 'NUDGE'] as const;
export const timelineEvent = z.object({
  kind: z.enum(timelineKinds),
  at: z.string(),
  /** What happened, never the text of a coach conversation. */
  title: z.string(),
  detail: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const timeline = z.object({
  founder: z.object({ id: z.string(), name: z.string(), email: z.string(), startup: z.string() }),
  missions: z.array(
    z.object({
      id: z.string(),
      milestoneName: z.string(),
      name: z.string(),
      status: progressStatus,
    }),
  ),
  /** How many questions the founder asked the coach, per ISO week (YYYY-MM-DD of its Monday). */
  coachUse: z.array(z.object({ weekOf: z.string(), questions: z.number().int() })),
  events: z.array(timelineEvent),
});
export type Timeline = z.infer<typeof timeline>;

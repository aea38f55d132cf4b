import { z } from 'zod';

// Not imported from cohorts.ts: programs.ts reads the dates below, and cohorts.ts imports programs.ts.
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the form YYYY-MM-DD' });
const uuidParam = z.uuid({ message: 'Not a valid id' });

/**
 * A cohort's pace: per milestone of its program, the calendar days (in the cohort's time zone) it opens and is
 * due. The milestone's last day is its due date: it is overdue from the midnight after.
 */
export const milestoneWindow = z.object({
  milestoneKey: z.string(),
  index: z.number().int(),
  name: z.string(),
  /** Null when the cohort set no window for this milestone. */
  opensOn: z.string().nullable(),
  dueOn: z.string().nullable(),
});
export type MilestoneWindow = z.infer<typeof milestoneWindow>;

export const cohortPacing = z.object({
  timeZone: z.string(),
  milestones: z.array(milestoneWindow),
});
export type CohortPacing = z.infer<typeof cohortPacing>;

export const pacingParams = z
  .object({ cohortId: uuidParam, milestoneKey: z.string().min(1).max(200) })
  .strict();

export const setMilestoneWindowBody = z
  .object({ opensOn: isoDate, dueOn: isoDate })
  .strict()
  .refine((value) => value.dueOn >= value.opensOn, {
    message: 'The due date comes before the opening date',
    path: ['dueOn'],
  });
export type SetMilestoneWindowBody = z.infer<typeof setMilestoneWindowBody>;

/** What a founder sees of their cohort's pace on a milestone (optional fields of the programs answers). */
export const milestoneDates = {
  /** The day the milestone opens, in the cohort's calendar (YYYY-MM-DD); absent when the cohort set none. */
  opensOn: z.string().nullable().optional(),
  /** Its last day: overdue from the midnight after, in the cohort's time zone. */
  dueOn: z.string().nullable().optional(),
  /** The instant it becomes overdue (ISO), for counting down in the founder's own zone. */
  dueAt: z.string().nullable().optional(),
};

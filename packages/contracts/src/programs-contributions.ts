import { z } from 'zod';

/*
 * Each person's part of a mission their startup works on together (docs/decisions/063-startups.md): who
 * last saved which worksheet fields, who completed which steps, who handed in which deliverable versions.
 */

export const contributionsMessages = {
  contributions: 'Contributions fetched successfully.',
} as const;

/** One person's part; `userId` null for work of members whose accounts are gone (grouped as one). */
export const contribution = z.object({
  userId: z.string().nullable(),
  /** First and last name, "Former member" for a deleted account. */
  name: z.string(),
  /** Whether the person is a member of the startup now. */
  member: z.boolean(),
  /** Worksheet fields of the mission whose saved text is theirs (they saved it last). */
  fieldsAnswered: z.number().int(),
  /** The steps they completed, by id, in the mission's order. */
  stepsCompleted: z.array(z.string()),
  /** The deliverable versions they handed in, numbered from 1 in the order they were handed in. */
  versionsHandedIn: z.array(z.number().int()),
});
export type Contribution = z.infer<typeof contribution>;

export const missionContributions = z.object({
  missionId: z.string(),
  /** Worksheet fields the mission's steps ask, all steps together. */
  fieldsTotal: z.number().int(),
  /** Every current member (with nothing done yet too), then anyone else whose work is in the mission. */
  people: z.array(contribution),
});
export type MissionContributions = z.infer<typeof missionContributions>;

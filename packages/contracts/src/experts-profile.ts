import { z } from 'zod';

/**
 * The profile an expert edits in the portal (/expert/profile). Services with their durations are part of the
 * availability settings (experts-availability.ts) and are edited there. Once saved, the content import leaves
 * these fields alone (`profile_edited_at`, as `availability_edited_at` does for hours: docs/decisions/024).
 */
const shortText = (max: number) => z.string().trim().min(1).max(max);

export const profileSettings = z
  .object({
    headline: shortText(120),
    bio: z.string().trim().max(5000),
    expertise: z.array(shortText(60)).max(20),
    languages: z.array(shortText(40)).max(20),
    /** The expert's own booking page (Calendly, Cal.com…), or null for none. */
    bookingUrl: z
      .url({ protocol: /^https$/, error: 'must be an https address' })
      .max(2000)
      .nullable(),
  })
  .strict();
export type ProfileSettings = z.infer<typeof profileSettings>;

/**
 * A milestone of the program whose content names this expert as its expert: the founders working on it ask
 * them. Read-only in the portal: the program team assigns experts in the content pack. Only the newest
 * version of each program counts, as that is the one new founders enrol in.
 */
export const assignedMilestone = z.object({
  programKey: z.string(),
  programName: z.string(),
  key: z.string(),
  /** The milestone's place in its program, from 1. */
  index: z.number().int(),
  name: z.string(),
  overviewSubtitle: z.string(),
});
export type AssignedMilestone = z.infer<typeof assignedMilestone>;

export const myProfile = profileSettings.extend({
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string(),
  /** When the expert last saved the profile; null while the content pack still provides it. */
  editedAt: z.string().nullable(),
  /** The milestones this expert is assigned to, by program then place; empty when none. */
  milestones: z.array(assignedMilestone),
});
export type MyProfile = z.infer<typeof myProfile>;

/** An uploaded expert photo's stored name (random, never reused). */
export const expertPhotoParams = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(png|jpg|webp)$/, 'Unknown photo'),
});

export const profileMessages = {
  get: 'Profile Fetched Successfully.',
  save: 'Profile Saved Successfully.',
  photo: 'Photo Saved Successfully.',
} as const;

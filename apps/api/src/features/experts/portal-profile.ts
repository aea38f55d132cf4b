import type { AssignedMilestone, MyProfile, ProfileSettings } from '@liftoff/contracts/experts-profile';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { experts, type ExpertRow } from './tables.js';

export interface PortalProfileDeps {
  db: Db;
  /** The portal's answer to "whose profile is this account's" (404 when none). */
  ownProfile: (userId: string) => Promise<ExpertRow>;
  /** The milestones whose content names the expert (by pack key); the programs room answers. */
  assignedMilestones: (expertKey: string) => Promise<AssignedMilestone[]>;
}

const answerOf = (row: ExpertRow, milestones: AssignedMilestone[]): MyProfile => ({
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  headline: row.expertMeta.headline,
  bio: row.expertMeta.bio,
  expertise: row.expertMeta.expertise,
  languages: row.expertMeta.languages,
  bookingUrl: row.bookingUrl,
  editedAt: row.profileEditedAt?.toISOString() ?? null,
  milestones,
});

/**
 * The expert keeps their own profile. Saving marks it edited, so a later content import leaves it as the
 * expert wrote it (the repository's upsert), the same promise availability makes (docs/decisions/024).
 */
export function createPortalProfile(deps: PortalProfileDeps) {
  const answer = async (row: ExpertRow) => answerOf(row, await deps.assignedMilestones(row.key));

  async function update(expertId: string, values: Partial<ExpertRow>): Promise<MyProfile> {
    const [row] = await deps.db
      .update(experts)
      .set({ ...values, profileEditedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(experts.id, expertId))
      .returning();
    return answer(row!);
  }

  return {
    async get(userId: string): Promise<MyProfile> {
      return answer(await deps.ownProfile(userId));
    },
    async save(userId: string, input: ProfileSettings): Promise<MyProfile> {
      const expert = await deps.ownProfile(userId);
      const { bookingUrl, ...meta } = input;
      return update(expert.id, { expertMeta: { ...expert.expertMeta, ...meta }, bookingUrl });
    },
    /** A new photo, already checked and stored under `url`, becomes the expert's; it counts as an edit. */
    async setPhoto(userId: string, url: string): Promise<MyProfile> {
      const expert = await deps.ownProfile(userId);
      return update(expert.id, { profileImageUrl: url });
    },
  };
}
export type PortalProfile = ReturnType<typeof createPortalProfile>;

import type { ReviewStatus } from '@liftoff/contracts/programs-review';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  deliverableComments,
  deliverableReviews,
  milestoneTemplates,
  missionAttachments,
  missionTemplates,
  programTemplates,
  userMilestones,
  userMissions,
  userPrograms,
} from './tables.js';

/** Which deliverables a reviewer reaches: founders they look after, and milestones whose expert they are. */
export interface ReviewReach {
  founderIds: string[] | 'all';
  expertKeys: string[];
}

const versionCount = () => count(missionAttachments.id).as('version_count') as unknown as SQL.Aliased<number>;

/** Deliverable reviews, their versions (the mission's files) and their threads. */
export function reviewRepository(db: DbOrTx) {
  /** The review with the names around it; joined the same way for the queue and the review page. */
  const withContext = () =>
    db
      .select({
        id: deliverableReviews.id,
        /*
         * The founder the studio shows: who first handed in. Once that account is gone, the startup's id,
         * which is its founder's for a startup made from one (decision 063).
         */
        userId: sql<string>`coalesce(${deliverableReviews.userId}, ${deliverableReviews.startupId})`,
        startupId: deliverableReviews.startupId,
        userMissionId: deliverableReviews.userMissionId,
        status: deliverableReviews.status,
        submittedAt: deliverableReviews.submittedAt,
        updatedAt: deliverableReviews.updatedAt,
        missionStatus: userMissions.status,
        missionName: missionTemplates.name,
        missionKey: missionTemplates.key,
        deliverable: missionTemplates.deliverable,
        milestoneName: milestoneTemplates.name,
        expertKey: milestoneTemplates.expertKey,
        programId: userPrograms.id,
        programName: programTemplates.name,
        requiresApproval: programTemplates.requiresApproval,
        versionCount: versionCount(),
      })
      .from(deliverableReviews)
      .innerJoin(userMissions, eq(userMissions.id, deliverableReviews.userMissionId))
      .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
      .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
      .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, userMilestones.milestoneTemplateId))
      .innerJoin(userPrograms, eq(userPrograms.id, userMilestones.userProgramId))
      .innerJoin(programTemplates, eq(programTemplates.id, userPrograms.programTemplateId))
      .leftJoin(missionAttachments, eq(missionAttachments.userMissionId, deliverableReviews.userMissionId));

  const groupColumns = [
    deliverableReviews.id,
    userMissions.id,
    missionTemplates.id,
    milestoneTemplates.id,
    userPrograms.id,
    programTemplates.id,
  ] as const;

  const reachCondition = (reach: ReviewReach): SQL | undefined => {
    if (reach.founderIds === 'all') return undefined;
    const parts = [
      reach.founderIds.length ? inArray(deliverableReviews.userId, reach.founderIds) : undefined,
      reach.expertKeys.length ? inArray(milestoneTemplates.expertKey, reach.expertKeys) : undefined,
    ].filter((part): part is SQL => Boolean(part));
    // Reaching nobody matches nothing.
    return parts.length ? or(...parts) : sql`false`;
  };

  return {
    /** The queue: oldest waiting first. `founderIds` narrows further (a cohort filter). */
    async queue(reach: ReviewReach, filter: { status?: ReviewStatus; founderIds?: string[] }) {
      if (filter.founderIds && !filter.founderIds.length) return [];
      return withContext()
        .where(
          and(
            reachCondition(reach),
            filter.status ? eq(deliverableReviews.status, filter.status) : undefined,
            filter.founderIds ? inArray(deliverableReviews.userId, filter.founderIds) : undefined,
          ),
        )
        .groupBy(...groupColumns)
        .orderBy(asc(deliverableReviews.submittedAt), asc(deliverableReviews.id));
    },

    async findWithContext(id: string) {
      const [row] = await withContext()
        .where(eq(deliverableReviews.id, id))
        .groupBy(...groupColumns);
      return row ?? null;
    },

    async findByMission(missionId: string) {
      const [row] = await db
        .select()
        .from(deliverableReviews)
        .where(eq(deliverableReviews.userMissionId, missionId));
      return row ?? null;
    },

    /** Row lock for a status move (PGlite runs one transaction at a time anyway). */
    async lock(id: string) {
      const [row] = await db
        .select()
        .from(deliverableReviews)
        .where(eq(deliverableReviews.id, id))
        .for('update');
      return row ?? null;
    },

    async insert(values: { startupId: string; userId: string; userMissionId: string; submittedAt: Date }) {
      const [row] = await db
        .insert(deliverableReviews)
        .values({ ...values, status: 'submitted', updatedAt: values.submittedAt })
        .returning();
      return row!;
    },

    /** Moves the status if it is still `from`; answers whether this call moved it. */
    async move(
      id: string,
      from: ReviewStatus,
      to: ReviewStatus,
      values: { reviewerId?: string | null; submittedAt?: Date; at: Date },
    ) {
      const rows = await db
        .update(deliverableReviews)
        .set({
          status: to,
          updatedAt: values.at,
          ...(values.reviewerId !== undefined ? { reviewerId: values.reviewerId } : {}),
          ...(values.submittedAt ? { submittedAt: values.submittedAt } : {}),
        })
        .where(and(eq(deliverableReviews.id, id), eq(deliverableReviews.status, from)))
        .returning({ id: deliverableReviews.id });
      return rows.length > 0;
    },

    async delete(id: string) {
      await db.delete(deliverableReviews).where(eq(deliverableReviews.id, id));
    },

    /** The mission's files, oldest first: version 1 is the first handed in. */
    async versions(missionId: string) {
      return db
        .select()
        .from(missionAttachments)
        .where(eq(missionAttachments.userMissionId, missionId))
        .orderBy(asc(missionAttachments.createdAt), asc(missionAttachments.id));
    },

    async comments(deliverableId: string) {
      return db
        .select()
        .from(deliverableComments)
        .where(eq(deliverableComments.deliverableId, deliverableId))
        .orderBy(asc(deliverableComments.createdAt), asc(deliverableComments.id));
    },

    async commentCount(deliverableId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(deliverableComments)
        .where(eq(deliverableComments.deliverableId, deliverableId));
      return row?.n ?? 0;
    },

    async insertComment(values: { deliverableId: string; authorId: string; body: string; at: Date }) {
      const [row] = await db
        .insert(deliverableComments)
        .values({
          deliverableId: values.deliverableId,
          authorId: values.authorId,
          body: values.body,
          createdAt: values.at,
        })
        .returning();
      return row!;
    },

    /** The status of a mission's deliverable review, or null when nothing was handed in. */
    async statusOfMission(missionId: string): Promise<ReviewStatus | null> {
      const [row] = await db
        .select({ status: deliverableReviews.status })
        .from(deliverableReviews)
        .where(eq(deliverableReviews.userMissionId, missionId));
      return row?.status ?? null;
    },

    /** How many of these founders' deliverables wait for the program team (handed in, or being read). */
    async waitingCount(founderIds: string[]) {
      if (!founderIds.length) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(deliverableReviews)
        .where(
          and(
            inArray(deliverableReviews.userId, founderIds),
            inArray(deliverableReviews.status, ['submitted', 'in_review']),
          ),
        );
      return row?.n ?? 0;
    },

    /** Whether the founder's program completes missions on approval. */
    async requiresApproval(programId: string) {
      const [row] = await db
        .select({ requiresApproval: programTemplates.requiresApproval })
        .from(userPrograms)
        .innerJoin(programTemplates, eq(programTemplates.id, userPrograms.programTemplateId))
        .where(eq(userPrograms.id, programId));
      return row?.requiresApproval ?? false;
    },
  };
}

export type ReviewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof reviewRepository>['findWithContext']>>
>;

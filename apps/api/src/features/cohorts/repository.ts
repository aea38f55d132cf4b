import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cohortInvitations, cohortManagers, cohortMembers, cohorts } from './tables.js';

export type CohortRow = typeof cohorts.$inferSelect;
export type InvitationRow = typeof cohortInvitations.$inferSelect;

/** The cohorts room's only Drizzle user: cohorts, their managers and members, and invitations. */
export function cohortsRepository(db: DbOrTx) {
  return {
    async insert(values: typeof cohorts.$inferInsert) {
      const [row] = await db.insert(cohorts).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<typeof cohorts.$inferInsert>) {
      const [row] = await db
        .update(cohorts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(cohorts.id, id))
        .returning();
      return row ?? null;
    },
    async delete(id: string) {
      await db.delete(cohorts).where(eq(cohorts.id, id));
    },
    async findById(id: string) {
      const [row] = await db.select().from(cohorts).where(eq(cohorts.id, id));
      return row ?? null;
    },
    /** Every cohort (admins), or those `managerId` manages. */
    async list(managerId: string | null) {
      if (!managerId) return db.select().from(cohorts).orderBy(asc(cohorts.startDate), asc(cohorts.name));
      return db
        .select(cohortsColumns)
        .from(cohorts)
        .innerJoin(cohortManagers, eq(cohortManagers.cohortId, cohorts.id))
        .where(eq(cohortManagers.userId, managerId))
        .orderBy(asc(cohorts.startDate), asc(cohorts.name));
    },
    async isManager(cohortId: string, userId: string) {
      const [row] = await db
        .select({ userId: cohortManagers.userId })
        .from(cohortManagers)
        .where(and(eq(cohortManagers.cohortId, cohortId), eq(cohortManagers.userId, userId)));
      return Boolean(row);
    },
    async managerIds(cohortIds: string[]) {
      if (!cohortIds.length) return [];
      return db.select().from(cohortManagers).where(inArray(cohortManagers.cohortId, cohortIds));
    },
    async setManagers(cohortId: string, userIds: string[]) {
      await db.delete(cohortManagers).where(eq(cohortManagers.cohortId, cohortId));
      if (userIds.length)
        await db.insert(cohortManagers).values(userIds.map((userId) => ({ cohortId, userId })));
    },
    async counts(cohortIds: string[], now: Date) {
      if (!cohortIds.length)
        return { founders: new Map<string, number>(), pending: new Map<string, number>() };
      const founders = await db
        .select({ cohortId: cohortMembers.cohortId, n: count() })
        .from(cohortMembers)
        .where(inArray(cohortMembers.cohortId, cohortIds))
        .groupBy(cohortMembers.cohortId);
      const pending = await db
        .select({ cohortId: cohortInvitations.cohortId, n: count() })
        .from(cohortInvitations)
        .where(
          and(
            inArray(cohortInvitations.cohortId, cohortIds),
            isNull(cohortInvitations.acceptedAt),
            isNull(cohortInvitations.revokedAt),
            gt(cohortInvitations.expiresAt, now),
          ),
        )
        .groupBy(cohortInvitations.cohortId);
      return {
        founders: new Map(founders.map((r) => [r.cohortId, r.n])),
        pending: new Map(pending.map((r) => [r.cohortId, r.n])),
      };
    },
    /** Cohorts whose end date passed and that were not closed yet. */
    async endedOpen(now: Date) {
      return db
        .select()
        .from(cohorts)
        .where(and(isNull(cohorts.closedAt), lte(cohorts.endsAt, now)));
    },

    /* Members */
    async members(cohortId: string) {
      return db
        .select()
        .from(cohortMembers)
        .where(eq(cohortMembers.cohortId, cohortId))
        .orderBy(asc(cohortMembers.joinedAt));
    },
    async membership(userId: string) {
      const [row] = await db.select().from(cohortMembers).where(eq(cohortMembers.userId, userId));
      return row ?? null;
    },
    /** Puts the founder in the cohort, moving them out of any other (one cohort at a time). */
    async setMembership(userId: string, cohortId: string, at: Date) {
      await db
        .insert(cohortMembers)
        .values({ userId, cohortId, joinedAt: at })
        .onConflictDoUpdate({ target: cohortMembers.userId, set: { cohortId, joinedAt: at } });
    },

    /* Invitations */
    async insertInvitation(values: typeof cohortInvitations.$inferInsert) {
      const [row] = await db.insert(cohortInvitations).values(values).returning();
      return row!;
    },
    async invitations(cohortId: string) {
      return db
        .select()
        .from(cohortInvitations)
        .where(eq(cohortInvitations.cohortId, cohortId))
        .orderBy(asc(cohortInvitations.createdAt), asc(cohortInvitations.email));
    },
    async findInvitation(cohortId: string, id: string) {
      const [row] = await db
        .select()
        .from(cohortInvitations)
        .where(and(eq(cohortInvitations.cohortId, cohortId), eq(cohortInvitations.id, id)));
      return row ?? null;
    },
    /** The open (neither accepted nor revoked) invitation of the address to the cohort, expired or not. */
    async findOpenInvitation(cohortId: string, email: string) {
      const [row] = await db
        .select()
        .from(cohortInvitations)
        .where(
          and(
            eq(cohortInvitations.cohortId, cohortId),
            eq(cohortInvitations.email, email),
            isNull(cohortInvitations.acceptedAt),
            isNull(cohortInvitations.revokedAt),
          ),
        );
      return row ?? null;
    },
    /** Every open invitation of an address, newest first (expired ones included: the caller says why). */
    async openInvitationsFor(email: string) {
      return db
        .select()
        .from(cohortInvitations)
        .where(
          and(
            eq(cohortInvitations.email, email),
            isNull(cohortInvitations.acceptedAt),
            isNull(cohortInvitations.revokedAt),
          ),
        )
        .orderBy(sql`${cohortInvitations.sentAt} desc`);
    },
    async anyInvitationFor(email: string) {
      const [row] = await db
        .select({ id: cohortInvitations.id })
        .from(cohortInvitations)
        .where(eq(cohortInvitations.email, email))
        .limit(1);
      return Boolean(row);
    },
    async updateInvitation(id: string, values: Partial<typeof cohortInvitations.$inferInsert>) {
      const [row] = await db
        .update(cohortInvitations)
        .set(values)
        .where(eq(cohortInvitations.id, id))
        .returning();
      return row!;
    },
  };
}

const cohortsColumns = {
  id: cohorts.id,
  name: cohorts.name,
  programKey: cohorts.programKey,
  startDate: cohorts.startDate,
  endDate: cohorts.endDate,
  timeZone: cohorts.timeZone,
  stuckAfterDays: cohorts.stuckAfterDays,
  endsAt: cohorts.endsAt,
  closedAt: cohorts.closedAt,
  createdAt: cohorts.createdAt,
  updatedAt: cohorts.updatedAt,
};

import type { StartupInvitation } from '@liftoff/contracts/startups';
import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { startupInvitations, startupMembers, startups } from './tables.js';

export type StartupRow = typeof startups.$inferSelect;
export type MemberRow = typeof startupMembers.$inferSelect;
export type InvitationRow = typeof startupInvitations.$inferSelect;

export function invitationStatus(row: InvitationRow, now: Date): StartupInvitation['status'] {
  if (row.acceptedAt) return 'ACCEPTED';
  if (row.revokedAt) return 'REVOKED';
  if (row.declinedAt) return 'DECLINED';
  return row.expiresAt <= now ? 'EXPIRED' : 'PENDING';
}

export const toInvitation = (row: InvitationRow, startupName: string, now: Date): StartupInvitation => ({
  id: row.id,
  startupId: row.startupId,
  startupName,
  email: row.email,
  status: invitationStatus(row, now),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Startups, their members and invitations; the only Drizzle user of the room. */
export function startupsRepository(db: DbOrTx) {
  const repo = {
    async membership(userId: string): Promise<MemberRow | null> {
      const [row] = await db.select().from(startupMembers).where(eq(startupMembers.userId, userId));
      return row ?? null;
    },

    /** Takes the startup's row lock, so membership changes of one startup happen one at a time. */
    async lock(startupId: string): Promise<StartupRow | null> {
      const [row] = await db.select().from(startups).where(eq(startups.id, startupId)).for('update');
      return row ?? null;
    },

    async find(startupId: string): Promise<StartupRow | null> {
      const [row] = await db.select().from(startups).where(eq(startups.id, startupId));
      return row ?? null;
    },

    /** The members, longest-standing first (the order ownership passes on in). */
    async members(startupId: string) {
      return db
        .select({
          userId: startupMembers.userId,
          role: startupMembers.role,
          joinedAt: startupMembers.joinedAt,
        })
        .from(startupMembers)
        .where(eq(startupMembers.startupId, startupId))
        .orderBy(asc(startupMembers.joinedAt), asc(startupMembers.userId));
    },

    async memberIds(startupIds: string[]) {
      if (!startupIds.length) return [];
      return db
        .select({ userId: startupMembers.userId, startupId: startupMembers.startupId })
        .from(startupMembers)
        .where(inArray(startupMembers.startupId, startupIds));
    },

    async insert(values: typeof startups.$inferInsert): Promise<StartupRow> {
      const [row] = await db.insert(startups).values(values).returning();
      return row!;
    },

    async update(startupId: string, values: Partial<typeof startups.$inferInsert>): Promise<StartupRow> {
      const [row] = await db.update(startups).set(values).where(eq(startups.id, startupId)).returning();
      return row!;
    },

    async remove(startupId: string) {
      await db.delete(startups).where(eq(startups.id, startupId));
    },

    async addMember(values: typeof startupMembers.$inferInsert) {
      await db.insert(startupMembers).values(values);
    },

    async removeMember(userId: string) {
      await db.delete(startupMembers).where(eq(startupMembers.userId, userId));
    },

    async setRole(userId: string, role: MemberRow['role']) {
      await db.update(startupMembers).set({ role }).where(eq(startupMembers.userId, userId));
    },

    /** The open invitations of a startup (not accepted, revoked, declined or expired). */
    async openInvitations(startupId: string, now: Date) {
      return db
        .select()
        .from(startupInvitations)
        .where(
          and(
            eq(startupInvitations.startupId, startupId),
            isNull(startupInvitations.acceptedAt),
            isNull(startupInvitations.revokedAt),
            isNull(startupInvitations.declinedAt),
            gt(startupInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(startupInvitations.createdAt));
    },

    /** Open invitations to an address, newest first, with the inviting startup's name. */
    async invitationsTo(email: string, now: Date) {
      return db
        .select({ invitation: startupInvitations, startupName: startups.name })
        .from(startupInvitations)
        .innerJoin(startups, eq(startups.id, startupInvitations.startupId))
        .where(
          and(
            eq(startupInvitations.email, email),
            isNull(startupInvitations.acceptedAt),
            isNull(startupInvitations.revokedAt),
            isNull(startupInvitations.declinedAt),
            gt(startupInvitations.expiresAt, now),
          ),
        )
        .orderBy(desc(startupInvitations.createdAt));
    },

    async findInvitation(id: string): Promise<InvitationRow | null> {
      const [row] = await db.select().from(startupInvitations).where(eq(startupInvitations.id, id));
      return row ?? null;
    },

    async insertInvitation(values: typeof startupInvitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(startupInvitations).values(values).returning();
      return row!;
    },

    async updateInvitation(id: string, values: Partial<typeof startupInvitations.$inferInsert>) {
      const [row] = await db
        .update(startupInvitations)
        .set(values)
        .where(eq(startupInvitations.id, id))
        .returning();
      return row!;
    },

    /** Another open invitation of the same startup to the same address is revoked when a new one is sent. */
    async revokeOthers(startupId: string, email: string, keepId: string, now: Date) {
      await db
        .update(startupInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(startupInvitations.startupId, startupId),
            eq(startupInvitations.email, email),
            ne(startupInvitations.id, keepId),
            isNull(startupInvitations.acceptedAt),
            isNull(startupInvitations.revokedAt),
            isNull(startupInvitations.declinedAt),
          ),
        );
    },
    async forgetInvitationsTo(email: string) {
      await db.delete(startupInvitations).where(eq(startupInvitations.email, email.toLowerCase()));
    },
  };
  return repo;
}

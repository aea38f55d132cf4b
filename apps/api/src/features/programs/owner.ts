import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Principal } from '../../plugins/auth-guard.js';
import { startupMembers } from '../startups/tables.js';

/**
 * Whose progress a call works on: the startup owns it, its members share it (decision 063); `userId` is the
 * member making the call, recorded as who made a change.
 */
export interface Owner {
  startupId: string;
  userId: string;
}

/** The members of a startup (who count as its founders in a deliverable's thread). */
export async function membersOf(tx: DbOrTx, startupId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: startupMembers.userId })
    .from(startupMembers)
    .where(eq(startupMembers.startupId, startupId));
  return new Set(rows.map((r) => r.userId));
}

/** The startup the person is a member of, or null when in none. */
export async function startupOf(tx: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ startupId: startupMembers.startupId })
    .from(startupMembers)
    .where(eq(startupMembers.userId, userId));
  return row?.startupId ?? null;
}

/**
 * The caller's owner, from the guard's standing (which reads the startup with the user, in one statement).
 * Someone in no startup yet owns nothing: their own id finds no progress, so every read is empty or a 404.
 */
export function ownerOf(principal: Pick<Principal, 'userId' | 'startupId'>): Owner {
  return { startupId: principal.startupId ?? principal.userId, userId: principal.userId };
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Principal } from '../../plugins/auth-guard.js';

/**
 * Whose progress a call works on: the startup owns it, its members share it (decision 063); `userId` is the
 * member making the call, recorded as who made a change.
 */
export interface Owner {
  startupId: string;
  userId: string;
}

/*
 * Membership is the startups room's. Its table is read here by name, as the guard's standing reads it, rather
 * than through an import: rooms never import each other, and these reads run inside the callers' transactions.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The startup the person is a member of, or null when in none. */
export async function startupOf(tx: DbOrTx, userId: string): Promise<string | null> {
  const result = await tx.execute(
    sql`select startup_id from startup_members where user_id = ${userId}::uuid`,
  );
  return rowsOf<{ startup_id: string }>(result)[0]?.startup_id ?? null;
}

/** The members of a startup, longest-standing first. */
export async function memberIdsOf(tx: DbOrTx, startupId: string): Promise<string[]> {
  const result = await tx.execute(
    sql`select user_id from startup_members where startup_id = ${startupId}::uuid order by joined_at, user_id`,
  );
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}

/** The members of a startup (who count as its founders in a deliverable's thread). */
export const membersOf = async (tx: DbOrTx, startupId: string) => new Set(await memberIdsOf(tx, startupId));

/** Each of these people's startup, by person (people in none are left out). */
export async function startupsOfPeople(tx: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const result = await tx.execute(
    sql`select user_id, startup_id from startup_members where user_id = any(${`{${userIds.join(',')}}`}::uuid[])`,
  );
  return new Map(
    rowsOf<{ user_id: string; startup_id: string }>(result).map((r) => [r.user_id, r.startup_id]),
  );
}

/**
 * The caller's owner, from the guard's standing (which reads the startup with the user, in one statement).
 * Someone in no startup yet owns nothing: their own id finds no progress, so every read is empty or a 404.
 */
export function ownerOf(principal: Pick<Principal, 'userId' | 'startupId'>): Owner {
  return { startupId: principal.startupId ?? principal.userId, userId: principal.userId };
}

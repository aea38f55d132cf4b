import type { Db, Listen } from '../../db/client.js';
import type { PrincipalRecord } from '../../plugins/auth-guard.js';
import { notifyStandingChanges, STANDING_CHANNEL } from './repository.js';

/** Enough for every founder active on one embedded instance; the oldest entry makes room beyond it. */
const MAX_ENTRIES = 10_000;

type ReadStanding = (userId: string, sessionId: string) => Promise<PrincipalRecord | null>;

/**
 * The caller's standing from memory on the embedded database (decision 015). On PGlite a query runs on this
 * process's own event loop and, after an idle moment, the guard's read held every call up by about 2 ms.
 * The memory is exact, not a cache with a lifetime: PGlite delivers the triggers' notifications before the
 * committing statement resolves, so by the time a write that deleted an account, changed its verification or
 * two-factor state, or closed one of its sessions returns, the user's entries are gone and the next call reads
 * again. A write rolled back notifies nothing and changed nothing. Entries are kept per user and session, since
 * a session's standing includes whether it is still open.
 */
export async function rememberedStanding(db: Db, listen: Listen, read: ReadStanding): Promise<ReadStanding> {
  const remembered = new Map<string, Map<string, PrincipalRecord | null>>();
  let size = 0;
  // Bumped by every change: a read that a change overtook is answered but not remembered.
  let changes = 0;
  const forget = (userId: string) => {
    size -= remembered.get(userId)?.size ?? 0;
    remembered.delete(userId);
  };
  await notifyStandingChanges(db);
  await listen(STANDING_CHANNEL, (userId) => {
    changes += 1;
    if (userId !== '*') return forget(userId);
    remembered.clear();
    size = 0;
  });
  return async (userId, sessionId) => {
    const sessions = remembered.get(userId);
    if (sessions?.has(sessionId)) return sessions.get(sessionId) ?? null;
    const before = changes;
    const record = await read(userId, sessionId);
    if (before === changes) {
      if (size >= MAX_ENTRIES) forget(remembered.keys().next().value!);
      const entry = remembered.get(userId) ?? new Map<string, PrincipalRecord | null>();
      entry.set(sessionId, record);
      remembered.set(userId, entry);
      size += 1;
    }
    return record;
  };
}

import type { Db, Listen } from '../../db/client.js';
import type { PrincipalRecord } from '../../plugins/auth-guard.js';
import { notifyStandingChanges, STANDING_CHANNEL } from './repository.js';

/** Enough for every founder active on one embedded instance; the oldest entry makes room beyond it. */
const MAX_ENTRIES = 10_000;

type ReadStanding = (userId: string) => Promise<PrincipalRecord | null>;

/**
 * The caller's standing from memory on the embedded database (decision 015). On PGlite a query runs on this
 * process's own event loop and, after an idle moment, the guard's read held every call up by about 2 ms.
 * The memory is exact, not a cache with a lifetime: PGlite delivers the triggers' notifications before the
 * committing statement resolves, so by the time a write that deleted an account or changed its verification or
 * two-factor state returns, the entry is gone and the next call reads the row again. A write rolled back
 * notifies nothing and changed nothing.
 */
export async function rememberedStanding(db: Db, listen: Listen, read: ReadStanding): Promise<ReadStanding> {
  const remembered = new Map<string, PrincipalRecord | null>();
  // Bumped by every change: a read that a change overtook is answered but not remembered.
  let changes = 0;
  await notifyStandingChanges(db);
  await listen(STANDING_CHANNEL, (userId) => {
    changes += 1;
    if (userId === '*') remembered.clear();
    else remembered.delete(userId);
  });
  return async (userId) => {
    if (remembered.has(userId)) return remembered.get(userId) ?? null;
    const before = changes;
    const record = await read(userId);
    if (before === changes) {
      if (remembered.size >= MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(userId, record);
    }
    return record;
  };
}

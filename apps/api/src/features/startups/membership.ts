import type { DbOrTx } from '../../db/client.js';
import { startupsRepository } from './repository.js';

/**
 * Who shares a startup's work, for other rooms (the notifications room tells every member of a review, a
 * comment or a reopened mission); app.ts hands this to them, so they never import this room.
 */
export function startupMembership(db: DbOrTx) {
  return {
    /**
     * The current members, longest-standing first, of the startup named or else of the founder's; the founder
     * alone when in none (someone whose startup went still hears of what was theirs).
     */
    async membersOf(whose: { startupId?: string; founderId: string }): Promise<string[]> {
      const repo = startupsRepository(db);
      const startupId = whose.startupId ?? (await repo.membership(whose.founderId))?.startupId;
      const members = startupId ? (await repo.members(startupId)).map((m) => m.userId) : [];
      return members.length ? members : [whose.founderId];
    },
  };
}

import type { DbOrTx } from '../../db/client.js';
import { startupsRepository } from './repository.js';
import type { StartupsService } from './service.js';

/**
 * A member's startup in their export, and what deleting the account does to it. The startup is shared: the
 * export holds it marked so, and the deletion leaves it (and its work) with the other members, the
 * longest-standing of them becoming owner when the owner goes; the last member's deletion deletes it.
 */
export function startupsAccountData(service: StartupsService) {
  return {
    async sections(userId: string) {
      const startup = await service.mine(userId).catch(() => null);
      if (!startup) return { startup: null };
      const { invitations: _open, ...rest } = startup;
      return {
        startup: {
          shared: true,
          about:
            'Shared with the other members of the startup; it stays with them if you delete your account.',
          ...rest,
        },
      };
    },
    async forget(tx: DbOrTx, userId: string, email: string) {
      const departure = await service.depart(tx, userId);
      // Open invitations name the address; those the person sent stay with the startup, without their name.
      await startupsRepository(tx).forgetInvitationsTo(email);
      return () => service.announceDeparture(departure);
    },
  };
}

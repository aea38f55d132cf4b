import type { Availability } from '@liftoff/contracts/experts';
import type {
  AvailabilityPreviewQuery,
  AvailabilitySettings,
  MeetingOutsideHours,
  MyAvailability,
} from '@liftoff/contracts/experts-availability';
import type { Db } from '../../db/client.js';
import { withinHours } from './availability.js';
import { portalAvailabilityRepository } from './portal-availability-repository.js';
import type { ExpertRow } from './tables.js';

export interface PortalAvailabilityDeps {
  db: Db;
  now: () => Date;
  /** The portal's answer to "whose profile is this account's" (404 when none). */
  ownProfile: (userId: string) => Promise<ExpertRow>;
  /** The experts service's slot computation: the one source of slots, for founders and this preview alike. */
  slots: (expertId: string, query: AvailabilityPreviewQuery) => Promise<Availability>;
}

/**
 * The expert edits their own availability (docs/decisions/024). The settings are the same rules the content
 * pack seeds and the slot engine reads, so saving them changes what founders can book at once. Saving never
 * moves or cancels a meeting: accepted meetings the new hours no longer cover are answered back, and stay.
 */
export function createPortalAvailability(deps: PortalAvailabilityDeps) {
  const repo = portalAvailabilityRepository(deps.db);

  async function outsideHours(expert: ExpertRow): Promise<MeetingOutsideHours[]> {
    const accepted = await repo.upcomingAccepted(expert.id, deps.now());
    return accepted
      .filter((m) => !withinHours(expert.availability, m.startsAt.getTime(), m.endsAt.getTime()))
      .map((m) => ({
        id: m.id,
        startsAt: m.startsAt.toISOString(),
        endsAt: m.endsAt.toISOString(),
        serviceName: m.serviceName,
        founderName: m.context?.founderName ?? null,
      }));
  }

  const answer = async (expert: ExpertRow): Promise<MyAvailability> => ({
    settings: expert.availability,
    outsideHours: await outsideHours(expert),
    editedAt: expert.availabilityEditedAt?.toISOString() ?? null,
  });

  return {
    async get(userId: string): Promise<MyAvailability> {
      return answer(await deps.ownProfile(userId));
    },
    async save(userId: string, settings: AvailabilitySettings): Promise<MyAvailability> {
      const expert = await deps.ownProfile(userId);
      return answer(await repo.saveAvailability(expert.id, settings));
    },
    async preview(userId: string, query: AvailabilityPreviewQuery): Promise<Availability> {
      const expert = await deps.ownProfile(userId);
      return deps.slots(expert.id, query);
    },
  };
}

export type PortalAvailability = ReturnType<typeof createPortalAvailability>;

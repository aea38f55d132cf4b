import type { CreateStartupBody, Startup, UpdateStartupBody } from '@liftoff/contracts/startups';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { createStartupsCore } from './core.js';
import { answersOf, onlyOwner, type Caller, type CompanyAnswers, type StartupsDeps } from './deps.js';
import { createStartupInvitations } from './invitations.js';
import { startupsRepository } from './repository.js';

export type { Caller, CompanyAnswers, Person, StartupsDeps } from './deps.js';
export { INVITATION_TTL_DAYS } from './deps.js';

export type StartupsService = ReturnType<typeof createStartupsService>;

/**
 * Startups and their members: the company's data, invitations (invitations.ts), leaving, removing and handing
 * ownership on. One startup a person: the membership row is keyed by the person.
 */
export function createStartupsService(deps: StartupsDeps) {
  const { db } = deps;
  const core = createStartupsCore(deps);
  const { view, own, depart, announceDeparture, reachable } = core;

  return {
    ...createStartupInvitations(deps, core),
    async mine(userId: string): Promise<Startup> {
      const { startup } = await own(db, userId);
      return view(db, startup);
    },

    /** A person in no startup starts one, as its owner. */
    async create(userId: string, body: CreateStartupBody): Promise<Startup> {
      const startup = await db.transaction(async (tx) => {
        const repo = startupsRepository(tx);
        if (await repo.membership(userId))
          throw conflict('You are already a member of a startup; leave it first.');
        const now = deps.now();
        const startup = await repo.insert({ ...body, createdAt: now, updatedAt: now });
        await repo.addMember({ userId, startupId: startup.id, role: 'owner', joinedAt: now });
        return startup;
      });
      // Read after the commit: the people directory reads outside this transaction.
      return view(db, startup);
    },

    /** Any member edits the company's data. */
    async update(userId: string, body: UpdateStartupBody): Promise<Startup> {
      const updated = await db.transaction(async (tx) => {
        const { startup } = await own(tx, userId);
        const repo = startupsRepository(tx);
        const updated = await repo.update(startup.id, { ...body, updatedAt: deps.now() });
        if ('name' in body || 'stage' in body || 'industry' in body) {
          const members = await repo.members(startup.id);
          await deps.copyAnswers(
            tx,
            members.map((m) => m.userId),
            answersOf(updated),
          );
        }
        return updated;
      });
      return view(db, updated);
    },

    async leave(userId: string): Promise<void> {
      const departure = await db.transaction(async (tx) => {
        await own(tx, userId);
        return depart(tx, userId);
      });
      announceDeparture(departure);
    },

    async removeMember(userId: string, memberId: string): Promise<Startup> {
      const startup = await db.transaction(async (tx) => {
        const { membership, startup } = await own(tx, userId);
        const repo = startupsRepository(tx);
        await repo.lock(startup.id);
        const target = await repo.membership(memberId);
        if (!target || target.startupId !== startup.id) throw notFound('Member not found');
        if (membership.role !== 'owner') throw onlyOwner();
        if (memberId === userId) throw conflict('To take yourself off the startup, leave it.');
        await repo.removeMember(memberId);
        return startup;
      });
      deps.publish({
        type: 'startup.member_removed',
        startupId: startup.id,
        startupName: startup.name,
        founderId: memberId,
        removedById: userId,
      });
      return view(db, startup);
    },

    async handOver(userId: string, memberId: string): Promise<Startup> {
      const startup = await db.transaction(async (tx) => {
        const { membership, startup } = await own(tx, userId);
        const repo = startupsRepository(tx);
        await repo.lock(startup.id);
        const target = await repo.membership(memberId);
        if (!target || target.startupId !== startup.id) throw notFound('Member not found');
        if (membership.role !== 'owner') throw onlyOwner();
        if (memberId === userId) throw conflict('You already own this startup.');
        // The old owner steps down first: one owner per startup is a unique index.
        await repo.setRole(userId, 'cofounder');
        await repo.setRole(memberId, 'owner');
        return startup;
      });
      deps.publish({
        type: 'startup.owner_changed',
        startupId: startup.id,
        startupName: startup.name,
        ownerId: memberId,
        byId: userId,
      });
      return view(db, startup);
    },

    /** The studio's view of a startup in the caller's cohorts. */
    async forTeam(caller: Caller, startupId: string): Promise<Startup> {
      return view(db, await reachable(caller, startupId));
    },

    /**
     * When a founder completes their profile (in its transaction): one who joined no startup becomes the
     * owner of one made from their onboarding's company answers.
     */
    async ensureFor(
      tx: DbOrTx,
      userId: string,
      answers: { name: string; stage: string | null; industry: string | null },
    ): Promise<void> {
      const repo = startupsRepository(tx);
      if (await repo.membership(userId)) return;
      const now = deps.now();
      const startup = await repo.insert({ ...answers, createdAt: now, updatedAt: now });
      await repo.addMember({ userId, startupId: startup.id, role: 'owner', joinedAt: now });
    },

    /**
     * Company answers written through the founder API (`PUT /user/{id}/meta`), in its transaction: they
     * change the writer's startup, and every member's copy. A removed name keeps the startup's.
     */
    async fromAnswers(tx: DbOrTx, userId: string, answers: Partial<CompanyAnswers>): Promise<void> {
      const repo = startupsRepository(tx);
      const membership = await repo.membership(userId);
      if (!membership) return;
      await repo.lock(membership.startupId);
      const changes = {
        ...(answers.startupName ? { name: answers.startupName } : {}),
        ...('stage' in answers ? { stage: answers.stage ?? null } : {}),
        ...('industry' in answers ? { industry: answers.industry ?? null } : {}),
      };
      const updated = await repo.update(membership.startupId, { ...changes, updatedAt: deps.now() });
      const members = await repo.members(updated.id);
      await deps.copyAnswers(
        tx,
        members.map((m) => m.userId),
        answersOf(updated),
      );
    },

    /** For account deletion, inside its transaction: the person leaves their startup as a leaver would. */
    depart: (tx: DbOrTx, userId: string) => depart(tx, userId),
    announceDeparture,
  };
}

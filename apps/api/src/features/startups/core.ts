import type { Startup } from '@liftoff/contracts/startups';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { answersOf, type Caller, type Departure, type StartupsDeps } from './deps.js';
import { startupsRepository, toInvitation, type StartupRow } from './repository.js';

export type StartupsCore = ReturnType<typeof createStartupsCore>;

/** What every part of the startups service shares: the view of a startup, who owns what, joining and leaving. */
export function createStartupsCore(deps: StartupsDeps) {
  const { db } = deps;

  /** Never inside a transaction: the people directory reads on the app's database. */
  async function view(on: Db, row: StartupRow): Promise<Startup> {
    const repo = startupsRepository(on);
    const now = deps.now();
    const [members, invitations] = await Promise.all([
      repo.members(row.id),
      repo.openInvitations(row.id, now),
    ]);
    const people = new Map((await deps.people.byIds(members.map((m) => m.userId))).map((p) => [p.id, p]));
    return {
      id: row.id,
      name: row.name,
      oneLiner: row.oneLiner,
      website: row.website,
      stage: row.stage,
      industry: row.industry,
      logoUrl: row.logoUrl,
      location: row.location,
      foundedOn: row.foundedOn,
      members: members.map((m) => ({
        userId: m.userId,
        name: people.get(m.userId)?.name ?? '',
        email: people.get(m.userId)?.email ?? '',
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
      invitations: invitations.map((i) => toInvitation(i, row.name, now)),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The caller's membership and startup, or 404. */
  async function own(tx: DbOrTx, userId: string) {
    const repo = startupsRepository(tx);
    const membership = await repo.membership(userId);
    const startup = membership && (await repo.find(membership.startupId));
    if (!membership || !startup) throw notFound('You are not a member of a startup.');
    return { membership, startup };
  }

  /**
   * Takes `userId` off their startup, under its lock: the last member takes the startup with them; an owner
   * who leaves passes ownership to the longest-standing member.
   */
  async function depart(tx: DbOrTx, userId: string): Promise<Departure | null> {
    const repo = startupsRepository(tx);
    const membership = await repo.membership(userId);
    if (!membership) return null;
    const startup = (await repo.lock(membership.startupId))!;
    await repo.removeMember(userId);
    const rest = await repo.members(startup.id);
    if (!rest.length) {
      await repo.remove(startup.id);
      return { startup, newOwnerId: null, deleted: true };
    }
    if (membership.role !== 'owner') return { startup, newOwnerId: null, deleted: false };
    const heir = rest[0]!;
    await repo.setRole(heir.userId, 'owner');
    return { startup, newOwnerId: heir.userId, deleted: false };
  }

  function announceDeparture(departure: Departure | null) {
    if (!departure?.newOwnerId) return;
    deps.publish({
      type: 'startup.owner_changed',
      startupId: departure.startup.id,
      startupName: departure.startup.name,
      ownerId: departure.newOwnerId,
      byId: null,
    });
  }

  async function join(tx: DbOrTx, userId: string, startupId: string, invitationId: string) {
    const repo = startupsRepository(tx);
    await repo.lock(startupId);
    const now = deps.now();
    await repo.addMember({ userId, startupId, role: 'cofounder', joinedAt: now });
    await deps.copyAnswers(tx, [userId], answersOf((await repo.find(startupId))!));
    return repo.updateInvitation(invitationId, { acceptedAt: now, acceptedUserId: userId });
  }

  function announceJoin(startup: StartupRow, founderId: string, invitedById: string | null) {
    if (!invitedById) return;
    deps.publish({
      type: 'startup.joined',
      startupId: startup.id,
      startupName: startup.name,
      founderId,
      invitedById,
    });
  }

  /** A startup the program team member reaches (one of its members is in their cohorts), or 404. */
  async function reachable(caller: Caller, startupId: string): Promise<StartupRow> {
    const repo = startupsRepository(db);
    const startup = await repo.find(startupId);
    if (!startup) throw notFound('Startup not found');
    const reach = await deps.teamReach(caller);
    if (reach === 'all') return startup;
    const members = await repo.members(startupId);
    if (!members.some((m) => reach.includes(m.userId))) throw notFound('Startup not found');
    return startup;
  }

  return { view, own, depart, announceDeparture, join, announceJoin, reachable };
}

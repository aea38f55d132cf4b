import type { AppEvent } from '@liftoff/contracts/events';
import type {
  CreateStartupBody,
  InviteResult,
  Startup,
  StartupInvitation,
  UpdateStartupBody,
} from '@liftoff/contracts/startups';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import { startupMails } from './mails.js';
import { startupsRepository, toInvitation, type StartupRow } from './repository.js';

export const INVITATION_TTL_DAYS = 14;
const DAY = 86_400_000;

/** A person as the startup shows them, from the auth room through app.ts. */
export interface Person {
  id: string;
  email: string;
  name: string;
}

/** Who is asking (the guard's principal: only its id and roles matter here). */
export interface Caller {
  userId: string;
  roles: readonly string[];
}

export interface StartupsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  people: {
    byIds(ids: string[]): Promise<Person[]>;
    byEmail(email: string): Promise<Person | null>;
  };
  /** The founders a member of the program team reaches: 'all' for admins, else those of their cohorts. */
  teamReach(caller: Caller): Promise<string[] | 'all'>;
  publish(event: AppEvent): void;
  /**
   * Copies the startup's company answers into its members' onboarding answers, where the specification's
   * founder API reads them (the auth room's, through app.ts), in the caller's transaction.
   */
  copyAnswers(tx: DbOrTx, userIds: string[], answers: CompanyAnswers): Promise<void>;
}

/** The startup's fields as onboarding's answers name them. */
export interface CompanyAnswers {
  startupName: string;
  stage: string | null;
  industry: string | null;
}

const answersOf = (row: StartupRow): CompanyAnswers => ({
  startupName: row.name,
  stage: row.stage,
  industry: row.industry,
});

export type StartupsService = ReturnType<typeof createStartupsService>;

/** What a membership change did, so the caller can tell people once its transaction has committed. */
interface Departure {
  startup: StartupRow;
  /** The member who became owner because the owner left; null when the owner stayed or none is left. */
  newOwnerId: string | null;
  /** The leaver was the last member: the startup is gone. */
  deleted: boolean;
}

const onlyOwner = () => new AppError(403, 'FORBIDDEN', "Only the startup's owner can do this.");

/**
 * Startups and their members: the company's data, invitations by e-mail (an account free to join joins at
 * once; an account in another startup accepts; anyone else joins at sign-up), leaving, removing and handing
 * ownership on. One startup a person: the membership row is keyed by the person.
 */
export function createStartupsService(deps: StartupsDeps) {
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

  /** Invites `email` to `startup`, as `actorId` (its owner, or a member of the program team). */
  async function inviteTo(startup: StartupRow, actorId: string, email: string): Promise<InviteResult> {
    const now = deps.now();
    const address = email.toLowerCase();
    const account = await deps.people.byEmail(address);
    const inviter = (await deps.people.byIds([actorId]))[0]?.name ?? 'A founder';
    const result = await db.transaction(async (tx) => {
      const repo = startupsRepository(tx);
      const membership = account ? await repo.membership(account.id) : null;
      if (membership?.startupId === startup.id) throw conflict('This person is already a member.');
      let invitation = await repo.insertInvitation({
        startupId: startup.id,
        email: address,
        invitedById: actorId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
      });
      // One open invitation per address and startup: sending again replaces the older one.
      await repo.revokeOthers(startup.id, address, invitation.id, now);
      const joined = Boolean(account && !membership);
      if (account && joined) {
        invitation = await join(tx, account.id, startup.id, invitation.id);
        await deps.mailer.send(address, startupMails.joined(startup.name, deps.appUrl), [], tx);
      } else if (account) {
        await deps.mailer.send(
          address,
          startupMails.invitationToMember(startup.name, inviter, deps.appUrl),
          [],
          tx,
        );
      } else {
        const signUpUrl = `${deps.appUrl}/sign-up?email=${encodeURIComponent(address)}`;
        await deps.mailer.send(address, startupMails.invitation(startup.name, inviter, signUpUrl), [], tx);
      }
      return { invitation: toInvitation(invitation, startup.name, now), joined };
    });
    if (result.joined && account) announceJoin(startup, account.id, actorId);
    return result;
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

  return {
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

    async invite(userId: string, email: string): Promise<InviteResult> {
      const { membership, startup } = await own(db, userId);
      if (membership.role !== 'owner') throw onlyOwner();
      return inviteTo(startup, userId, email);
    },

    async revokeInvitation(userId: string, invitationId: string): Promise<StartupInvitation> {
      const { membership, startup } = await own(db, userId);
      const repo = startupsRepository(db);
      const invitation = await repo.findInvitation(invitationId);
      if (!invitation || invitation.startupId !== startup.id) throw notFound('Invitation not found');
      if (membership.role !== 'owner') throw onlyOwner();
      if (invitation.acceptedAt) throw conflict('This invitation was already accepted.');
      const revoked = invitation.revokedAt
        ? invitation
        : await repo.updateInvitation(invitation.id, { revokedAt: deps.now() });
      return toInvitation(revoked, startup.name, deps.now());
    },

    /** Open invitations addressed to the caller's e-mail. */
    async received(email: string): Promise<StartupInvitation[]> {
      const now = deps.now();
      return (await startupsRepository(db).invitationsTo(email.toLowerCase(), now)).map((row) =>
        toInvitation(row.invitation, row.startupName, now),
      );
    },

    /** Joins the inviting startup, leaving the caller's current one (which goes if they were its last member). */
    async accept(userId: string, email: string, invitationId: string): Promise<Startup> {
      const { startup, departure, invitedById } = await db.transaction(async (tx) => {
        const repo = startupsRepository(tx);
        const invitation = await repo.findInvitation(invitationId);
        const now = deps.now();
        if (
          !invitation ||
          invitation.email !== email.toLowerCase() ||
          invitation.revokedAt ||
          invitation.acceptedAt ||
          invitation.expiresAt <= now
        )
          throw notFound('Invitation not found');
        const current = await repo.membership(userId);
        if (current?.startupId === invitation.startupId)
          throw conflict('You are already a member of this startup.');
        const departure = await depart(tx, userId);
        await join(tx, userId, invitation.startupId, invitation.id);
        const startup = (await repo.find(invitation.startupId))!;
        return { startup, departure, invitedById: invitation.invitedById };
      });
      announceDeparture(departure);
      announceJoin(startup, userId, invitedById);
      return view(db, startup);
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

    async inviteForTeam(caller: Caller, startupId: string, email: string): Promise<InviteResult> {
      return inviteTo(await reachable(caller, startupId), caller.userId, email);
    },

    /**
     * At sign-up: the newest open invitation to the address joins the new account to its startup (skipped if
     * it somehow is in one already).
     */
    async acceptOnSignUp(userId: string, email: string): Promise<void> {
      const joined = await db.transaction(async (tx) => {
        const repo = startupsRepository(tx);
        const [open] = await repo.invitationsTo(email.toLowerCase(), deps.now());
        if (!open || (await repo.membership(userId))) return null;
        await join(tx, userId, open.invitation.startupId, open.invitation.id);
        return open;
      });
      if (!joined) return;
      const startup = await startupsRepository(db).find(joined.invitation.startupId);
      if (startup) announceJoin(startup, userId, joined.invitation.invitedById);
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

import type { InviteResult, Startup, StartupInvitation } from '@liftoff/contracts/startups';
import { conflict, notFound } from '../../lib/errors.js';
import type { StartupsCore } from './core.js';
import { DAY, INVITATION_TTL_DAYS, onlyOwner, type Caller, type StartupsDeps } from './deps.js';
import { startupMails } from './mails.js';
import { startupsRepository, toInvitation, type InvitationRow, type StartupRow } from './repository.js';

/** An invitation still to be answered, addressed to `email`. */
const isOpenFor = (invitation: InvitationRow, email: string, now: Date) =>
  invitation.email === email.toLowerCase() &&
  !invitation.revokedAt &&
  !invitation.acceptedAt &&
  !invitation.declinedAt &&
  invitation.expiresAt > now;

/**
 * Invitations by e-mail: an account free to join joins at once; an account in another startup accepts (or
 * declines) in the app; anyone else joins at sign-up with the invited address.
 */
export function createStartupInvitations(deps: StartupsDeps, core: StartupsCore) {
  const { db } = deps;
  const { view, own, depart, announceDeparture, join, announceJoin, reachable } = core;

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

  return {
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

    /**
     * Says no to an invitation to the caller's address: it closes, and the caller stays where they are. The
     * same 404 as accepting for anything not open and theirs.
     */
    async decline(email: string, invitationId: string): Promise<StartupInvitation> {
      const repo = startupsRepository(db);
      const invitation = await repo.findInvitation(invitationId);
      const now = deps.now();
      if (!invitation || !isOpenFor(invitation, email, now)) throw notFound('Invitation not found');
      const declined = await repo.updateInvitation(invitation.id, { declinedAt: now });
      const startup = await repo.find(invitation.startupId);
      return toInvitation(declined, startup?.name ?? '', now);
    },

    /** Joins the inviting startup, leaving the caller's current one (which goes if they were its last member). */
    async accept(userId: string, email: string, invitationId: string): Promise<Startup> {
      const { startup, departure, invitedById } = await db.transaction(async (tx) => {
        const repo = startupsRepository(tx);
        const invitation = await repo.findInvitation(invitationId);
        const now = deps.now();
        if (!invitation || !isOpenFor(invitation, email, now)) throw notFound('Invitation not found');
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
  };
}

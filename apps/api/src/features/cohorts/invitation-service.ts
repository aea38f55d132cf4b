import type { ImportResult, ImportRowError, Invitation, InvitationStatus } from '@liftoff/contracts/cohorts';
import { inviteBody } from '@liftoff/contracts/cohorts';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isHeader, parseCsv } from './csv.js';
import { cohortMails } from './mails.js';
import { cohortsRepository, type CohortRow, type InvitationRow } from './repository.js';
import type { ScopedPerson } from './scope.js';
import type { CohortsDeps, CohortsService } from './service.js';

export const INVITATION_TTL_DAYS = 14;
const DAY = 86_400_000;

export function invitationStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'ACCEPTED';
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt <= now ? 'EXPIRED' : 'PENDING';
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    cohortId: row.cohortId,
    email: row.email,
    name: row.name,
    startup: row.startup,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    sendCount: row.sendCount,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Invitations by e-mail or CSV, their resend and revoke, and what sign-up asks of them. */
export function createInvitationsService(deps: CohortsDeps, cohorts: Pick<CohortsService, 'cohortFor'>) {
  const { db, sources } = deps;
  const repo = cohortsRepository(db);
  const { cohortFor } = cohorts;

  const signUpUrl = (email: string) => `${deps.appUrl}/sign-up?email=${encodeURIComponent(email)}`;

  /**
   * Invites one address. An existing account joins at once (the invitation is accepted on the spot);
   * anyone else gets a mail that opens sign-up with the address filled in.
   */
  async function inviteOne(
    cohort: CohortRow,
    actorId: string,
    input: { name: string; email: string; startup: string },
  ): Promise<{ invitation: InvitationRow; joined: boolean } | { error: string }> {
    const now = deps.now();
    const email = input.email.toLowerCase();
    const account = await sources.people.byEmail(email);
    if (account) {
      const membership = await repo.membership(account.id);
      if (membership?.cohortId === cohort.id) return { error: 'Already a founder in this cohort' };
      if (membership) return { error: 'Already in another cohort: move them from there instead' };
    }
    const open = await repo.findOpenInvitation(cohort.id, email);
    if (open && open.expiresAt > now) return { error: 'Already invited to this cohort' };
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY);
    const invitation = await db.transaction(async (tx) => {
      const txRepo = cohortsRepository(tx);
      // An expired invitation to the same cohort is renewed rather than left beside a new one.
      const row = open
        ? await txRepo.updateInvitation(open.id, {
            name: input.name,
            startup: input.startup,
            expiresAt,
            sentAt: now,
            sendCount: open.sendCount + 1,
            invitedById: actorId,
          })
        : await txRepo.insertInvitation({
            cohortId: cohort.id,
            email,
            name: input.name,
            startup: input.startup,
            invitedById: actorId,
            expiresAt,
            sentAt: now,
          });
      if (!account) return row;
      await txRepo.setMembership(account.id, cohort.id, now);
      await sources.progress.enroll(tx, account.id, cohort.programKey);
      return txRepo.updateInvitation(row.id, { acceptedAt: now, acceptedUserId: account.id });
    });
    await deps.audit({
      actorId,
      action: 'invitation.sent',
      recordType: 'cohort_invitation',
      recordId: invitation.id,
      after: { cohortId: cohort.id, email, joinedAtOnce: Boolean(account) },
    });
    if (account) {
      deps.publish({
        type: 'invitation.accepted',
        invitationId: invitation.id,
        cohortId: cohort.id,
        founderId: account.id,
        invitedById: actorId,
      });
      await deps.mailer.send(email, cohortMails.joined(cohort.name, deps.appUrl));
    } else {
      await deps.mailer.send(email, cohortMails.invitation(cohort.name, input.name, signUpUrl(email)));
    }
    return { invitation, joined: Boolean(account) };
  }

  return {
    async invitations(person: ScopedPerson, cohortId: string): Promise<Invitation[]> {
      await cohortFor(person, cohortId);
      const now = deps.now();
      return (await repo.invitations(cohortId)).map((row) => toInvitation(row, now));
    },

    async invite(person: ScopedPerson, cohortId: string, input: ReturnType<typeof inviteBody.parse>) {
      const cohort = await cohortFor(person, cohortId);
      const result = await inviteOne(cohort, person.userId, input);
      if ('error' in result) throw conflict(`${result.error}.`);
      return { invitation: toInvitation(result.invitation, deps.now()), joined: result.joined };
    },

    /** Every good row is invited; each bad one is reported with its line and why. */
    async importCsv(person: ScopedPerson, cohortId: string, csv: string): Promise<ImportResult> {
      const cohort = await cohortFor(person, cohortId);
      const records = parseCsv(csv);
      if (records[0] && isHeader(records[0])) records.shift();
      const result: ImportResult = { invited: [], joined: [], errors: [] };
      const seen = new Set<string>();
      const rowError = (line: number, email: string | null, reason: string): ImportRowError => ({
        line,
        email,
        reason,
      });
      for (const record of records) {
        const [name = '', email = '', startup = '', ...rest] = record.fields.map((f) => f.trim());
        if (rest.some((f) => f !== '')) {
          result.errors.push(
            rowError(record.line, email || null, 'Too many columns: use name, e-mail, startup'),
          );
          continue;
        }
        const parsed = inviteBody.safeParse({ name, email, startup });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          const label = field === 'email' ? 'E-mail' : field === 'name' ? 'Name' : 'Startup';
          const reason =
            field === 'name' && !name
              ? 'Name is missing'
              : field === 'email' && !email
                ? 'E-mail is missing'
                : `${label}: ${issue.message}`;
          result.errors.push(rowError(record.line, email || null, reason));
          continue;
        }
        const address = parsed.data.email.toLowerCase();
        if (seen.has(address)) {
          result.errors.push(rowError(record.line, address, 'This e-mail appears twice in the file'));
          continue;
        }
        seen.add(address);
        const sent = await inviteOne(cohort, person.userId, parsed.data);
        if ('error' in sent) result.errors.push(rowError(record.line, address, sent.error));
        else (sent.joined ? result.joined : result.invited).push(toInvitation(sent.invitation, deps.now()));
      }
      if (!records.length) result.errors.push(rowError(1, null, 'The file has no rows'));
      return result;
    },

    async resend(person: ScopedPerson, cohortId: string, invitationId: string): Promise<Invitation> {
      const cohort = await cohortFor(person, cohortId);
      const row = await repo.findInvitation(cohortId, invitationId);
      if (!row) throw notFound('Invitation not found');
      const now = deps.now();
      const status = invitationStatus(row, now);
      if (status === 'ACCEPTED') throw conflict('This invitation was already accepted; nothing to resend.');
      if (status === 'REVOKED')
        throw conflict('This invitation was revoked; invite the founder again instead.');
      // Sending again renews the 14 days, which is how an expired invitation is brought back.
      const updated = await repo.updateInvitation(row.id, {
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
        sendCount: row.sendCount + 1,
      });
      await deps.mailer.send(row.email, cohortMails.invitation(cohort.name, row.name, signUpUrl(row.email)));
      await deps.audit({
        actorId: person.userId,
        action: 'invitation.resent',
        recordType: 'cohort_invitation',
        recordId: row.id,
        before: { status, expiresAt: row.expiresAt.toISOString() },
        after: { status: 'PENDING', expiresAt: updated.expiresAt.toISOString() },
      });
      return toInvitation(updated, now);
    },

    async revoke(person: ScopedPerson, cohortId: string, invitationId: string): Promise<Invitation> {
      await cohortFor(person, cohortId);
      const row = await repo.findInvitation(cohortId, invitationId);
      if (!row) throw notFound('Invitation not found');
      const now = deps.now();
      const status = invitationStatus(row, now);
      if (status === 'ACCEPTED')
        throw conflict('This invitation was already accepted; it can no longer be revoked.');
      if (status === 'REVOKED') return toInvitation(row, now);
      const updated = await repo.updateInvitation(row.id, { revokedAt: now });
      await deps.audit({
        actorId: person.userId,
        action: 'invitation.revoked',
        recordType: 'cohort_invitation',
        recordId: row.id,
        before: { status },
        after: { status: 'REVOKED' },
      });
      return toInvitation(updated, now);
    },

    /**
     * For sign-up in invite mode: only addresses with an open, unexpired invitation may create an account;
     * anyone else learns why, in words they can act on.
     */
    async checkSignUpAllowed(email: string): Promise<void> {
      const address = email.toLowerCase();
      const now = deps.now();
      const open = await repo.openInvitationsFor(address);
      if (open.some((row) => row.expiresAt > now)) return;
      const reason = open.length
        ? 'Your invitation has expired. Ask your program team to send it again.'
        : (await repo.anyInvitationFor(address))
          ? 'Your invitation is no longer valid. Ask your program team for a new one.'
          : 'Liftoff is open by invitation only. Ask your program team to invite this e-mail address.';
      throw new AppError(403, 'INVITATION_REQUIRED', reason, [{ path: 'email', message: reason }]);
    },

    /** After sign-up: the newest open invitation of the address is accepted and the founder joins. */
    async acceptOnSignUp(userId: string, email: string): Promise<void> {
      const address = email.toLowerCase();
      const now = deps.now();
      const invitation = (await repo.openInvitationsFor(address)).find((row) => row.expiresAt > now);
      if (!invitation) return;
      await db.transaction(async (tx) => {
        const txRepo = cohortsRepository(tx);
        await txRepo.updateInvitation(invitation.id, { acceptedAt: now, acceptedUserId: userId });
        await txRepo.setMembership(userId, invitation.cohortId, now);
        const cohort = await txRepo.findById(invitation.cohortId);
        if (cohort) await sources.progress.enroll(tx, userId, cohort.programKey);
      });
      // The manager who invited is the one told; with their account gone there is no one to tell.
      if (invitation.invitedById)
        deps.publish({
          type: 'invitation.accepted',
          invitationId: invitation.id,
          cohortId: invitation.cohortId,
          founderId: userId,
          invitedById: invitation.invitedById,
        });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

import type {
  Cohort,
  ImportResult,
  ImportRowError,
  Invitation,
  InvitationStatus,
  UpdateCohortBody,
} from '@liftoff/contracts/cohorts';
import { inviteBody, type createCohortBody } from '@liftoff/contracts/cohorts';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import { isHeader, parseCsv } from './csv.js';
import { cohortMails } from './mails.js';
import { cohortsRepository, type CohortRow, type InvitationRow } from './repository.js';
import type { ScopedPerson } from './scope.js';
import type { AuditEntry, CohortsSources } from './sources.js';
import { cohortEndsAt } from './time.js';

export const INVITATION_TTL_DAYS = 14;
const DAY = 86_400_000;

export type CohortEvent =
  | {
      type: 'invitation.accepted';
      invitationId: string;
      cohortId: string;
      founderId: string;
      invitedById: string | null;
    }
  | {
      type: 'mission.reopened';
      founderId: string;
      missionId: string;
      cohortId: string;
      reopenedById: string;
    };

export interface CohortsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  sources: CohortsSources;
  audit: (entry: AuditEntry) => Promise<void>;
  /** Called after the change committed. */
  publish: (event: CohortEvent) => void;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isAdmin = (person: ScopedPerson) => person.roles.includes('admin');

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

/** A short summary of a cohort for the audit log's before/after. */
const auditSummary = (row: CohortRow, managerIds: string[]) => ({
  name: row.name,
  programKey: row.programKey,
  startDate: row.startDate,
  endDate: row.endDate,
  timeZone: row.timeZone,
  stuckAfterDays: row.stuckAfterDays,
  managerIds,
});

export function createCohortsService(deps: CohortsDeps) {
  const { db, sources } = deps;
  const repo = cohortsRepository(db);

  async function toCohorts(rows: CohortRow[]): Promise<Cohort[]> {
    const ids = rows.map((r) => r.id);
    const [managerRows, counts] = [await repo.managerIds(ids), await repo.counts(ids, deps.now())];
    const people = new Map(
      (await sources.people.byIds([...new Set(managerRows.map((m) => m.userId))])).map((p) => [p.id, p]),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      programKey: row.programKey,
      startDate: row.startDate,
      endDate: row.endDate,
      timeZone: row.timeZone,
      stuckAfterDays: row.stuckAfterDays,
      endsAt: row.endsAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      managers: managerRows
        .filter((m) => m.cohortId === row.id && people.has(m.userId))
        .map((m) => {
          const person = people.get(m.userId)!;
          return { id: person.id, email: person.email, name: person.name };
        }),
      founderCount: counts.founders.get(row.id) ?? 0,
      pendingInvitationCount: counts.pending.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Closes a cohort whose end date passed: its founders' unfinished missions become INCOMPLETED. Runs on
   * start, every hour, and whenever the program team opens the cohort, so no one sees it open past its end.
   */
  async function closeIfEnded(row: CohortRow): Promise<CohortRow> {
    if (row.closedAt || row.endsAt > deps.now()) return row;
    const closedAt = deps.now();
    const closed = await db.transaction(async (tx) => {
      const txRepo = cohortsRepository(tx);
      const members = await txRepo.members(row.id);
      await sources.progress.closeEnrollments(
        tx,
        members.map((m) => m.userId),
        row.programKey,
      );
      return txRepo.update(row.id, { closedAt });
    });
    return closed ?? row;
  }

  /** The cohort if the caller manages it (admins: any); anything else is not found. */
  async function cohortFor(person: ScopedPerson, id: string): Promise<CohortRow> {
    const row = uuidPattern.test(id) ? await repo.findById(id) : null;
    if (!row || (!isAdmin(person) && !(await repo.isManager(id, person.userId))))
      throw notFound('Cohort not found');
    return closeIfEnded(row);
  }

  async function checkManagers(ids: string[]) {
    const found = new Set((await sources.people.byIds(ids)).map((p) => p.id));
    const details = ids
      .map((id, i) => (found.has(id) ? null : { path: `managerIds.${i}`, message: 'No such person' }))
      .filter((d) => d !== null);
    if (details.length) throw badRequest('Some managers were not found.', details);
  }

  async function checkProgram(key: string) {
    if (!(await sources.progress.programExists(key)))
      throw badRequest('No program with this key.', [{ path: 'programKey', message: 'Unknown program' }]);
  }

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
    closeIfEnded,

    async list(person: ScopedPerson): Promise<Cohort[]> {
      const rows = await repo.list(isAdmin(person) ? null : person.userId);
      return toCohorts(await Promise.all(rows.map(closeIfEnded)));
    },

    async get(person: ScopedPerson, id: string): Promise<Cohort> {
      return (await toCohorts([await cohortFor(person, id)]))[0]!;
    },

    cohortFor,
    toCohorts,

    async create(person: ScopedPerson, input: ReturnType<typeof createCohortBody.parse>): Promise<Cohort> {
      await checkProgram(input.programKey);
      // A manager who creates a cohort manages it, or they could not reach what they just made.
      const managerIds = [...new Set([...input.managerIds, ...(isAdmin(person) ? [] : [person.userId])])];
      await checkManagers(input.managerIds);
      const row = await db.transaction(async (tx) => {
        const txRepo = cohortsRepository(tx);
        const { managerIds: _ids, ...fields } = input;
        const created = await txRepo.insert({
          ...fields,
          endsAt: cohortEndsAt(input.endDate, input.timeZone),
        });
        await txRepo.setManagers(created.id, managerIds);
        return created;
      });
      await deps.audit({
        actorId: person.userId,
        action: 'cohort.created',
        recordType: 'cohort',
        recordId: row.id,
        after: auditSummary(row, managerIds),
      });
      return (await toCohorts([row]))[0]!;
    },

    async update(person: ScopedPerson, id: string, input: UpdateCohortBody): Promise<Cohort> {
      const before = await cohortFor(person, id);
      const beforeManagers = (await repo.managerIds([id])).map((m) => m.userId);
      if (input.programKey && input.programKey !== before.programKey) await checkProgram(input.programKey);
      if (input.managerIds) await checkManagers(input.managerIds);
      const startDate = input.startDate ?? before.startDate;
      const endDate = input.endDate ?? before.endDate;
      if (endDate < startDate)
        throw badRequest('The end date comes before the start date.', [
          {
            path: input.endDate ? 'endDate' : 'startDate',
            message: 'The end date comes before the start date',
          },
        ]);
      const { managerIds, ...fields } = input;
      const timeZone = input.timeZone ?? before.timeZone;
      const endsAt = cohortEndsAt(endDate, timeZone);
      const after = await db.transaction(async (tx) => {
        const txRepo = cohortsRepository(tx);
        // A later end date lets the cohort close again when it passes; missions already closed stay closed.
        const row = await txRepo.update(id, {
          ...fields,
          endsAt,
          ...(endsAt > deps.now() ? { closedAt: null } : {}),
        });
        if (managerIds) {
          const kept = isAdmin(person) ? managerIds : [...new Set([...managerIds, person.userId])];
          await txRepo.setManagers(id, kept);
        }
        return row!;
      });
      const afterManagers = (await repo.managerIds([id])).map((m) => m.userId);
      await deps.audit({
        actorId: person.userId,
        action: 'cohort.updated',
        recordType: 'cohort',
        recordId: id,
        before: auditSummary(before, beforeManagers),
        after: auditSummary(after, afterManagers),
      });
      return (await toCohorts([await closeIfEnded(after)]))[0]!;
    },

    async remove(person: ScopedPerson, id: string): Promise<void> {
      const before = await cohortFor(person, id);
      const managers = (await repo.managerIds([id])).map((m) => m.userId);
      await repo.delete(id);
      await deps.audit({
        actorId: person.userId,
        action: 'cohort.deleted',
        recordType: 'cohort',
        recordId: id,
        before: auditSummary(before, managers),
      });
    },

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

    /** Moves a founder to another cohort the caller manages; progress is the founder's and stays as it is. */
    async moveFounder(person: ScopedPerson, cohortId: string, founderId: string, toCohortId: string) {
      await cohortFor(person, cohortId);
      const membership = uuidPattern.test(founderId) ? await repo.membership(founderId) : null;
      if (membership?.cohortId !== cohortId) throw notFound('Founder not found');
      const target = uuidPattern.test(toCohortId) ? await repo.findById(toCohortId) : null;
      if (!target || (!isAdmin(person) && !(await repo.isManager(toCohortId, person.userId))))
        throw new AppError(404, 'NOT_FOUND', 'Cohort not found', [
          { path: 'toCohortId', message: 'No such cohort among yours' },
        ]);
      if (toCohortId === cohortId) return;
      await repo.setMembership(founderId, toCohortId, deps.now());
      await deps.audit({
        actorId: person.userId,
        action: 'founder.moved',
        recordType: 'cohort_member',
        recordId: founderId,
        before: { cohortId },
        after: { cohortId: toCohortId },
      });
    },

    /** Reopens a mission the end date closed (a manual reopen). */
    async reopenMission(person: ScopedPerson, cohortId: string, founderId: string, missionId: string) {
      await cohortFor(person, cohortId);
      const membership = uuidPattern.test(founderId) ? await repo.membership(founderId) : null;
      if (membership?.cohortId !== cohortId) throw notFound('Founder not found');
      const result = await sources.progress.reopenMission(founderId, missionId);
      if (result === 'not-found') throw notFound('Mission not found');
      if (result === 'not-closed')
        throw conflict('Only a mission closed without completion can be reopened.');
      await deps.audit({
        actorId: person.userId,
        action: 'mission.reopened',
        recordType: 'user_mission',
        recordId: missionId,
        before: { status: 'INCOMPLETED' },
        after: { status: 'ONGOING' },
      });
      deps.publish({ type: 'mission.reopened', founderId, missionId, cohortId, reopenedById: person.userId });
    },

    /** Closes every cohort whose end date passed (start and hourly). */
    async closeEnded(): Promise<number> {
      const rows = await repo.endedOpen(deps.now());
      for (const row of rows) await closeIfEnded(row);
      return rows.length;
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
      });
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

export type CohortsService = ReturnType<typeof createCohortsService>;

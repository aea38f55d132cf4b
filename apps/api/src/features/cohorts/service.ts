import type { Cohort, UpdateCohortBody } from '@liftoff/contracts/cohorts';
import type { createCohortBody } from '@liftoff/contracts/cohorts';
import type { EventOf } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import { cohortsRepository, type CohortRow } from './repository.js';
import type { ScopedPerson } from './scope.js';
import type { AuditEntry, CohortsSources } from './sources.js';
import { cohortEndsAt } from './time.js';

export type CohortEvent =
  | EventOf<'invitation.accepted'>
  | EventOf<'mission.reopened'>
  | EventOf<'milestone.due'>
  | EventOf<'founder.nudged'>;

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

  /** Managers must be on the program team, or the studio would refuse them the cohort they manage. */
  async function checkManagers(ids: string[]) {
    if (!ids.length) return;
    const team = new Set((await sources.people.team()).map((p) => p.id));
    const details = ids
      .map((id, i) => (team.has(id) ? null : { path: `managerIds.${i}`, message: 'Not a manager or admin' }))
      .filter((d) => d !== null);
    if (details.length) throw badRequest('Some managers were not found.', details);
  }

  async function checkProgram(key: string) {
    if (!(await sources.progress.programExists(key)))
      throw badRequest('No program with this key.', [{ path: 'programKey', message: 'Unknown program' }]);
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

    /** The programs a new cohort can run, for the studio's program picker. */
    programs: () => sources.progress.programs(),

    /** The people who can be made a cohort's managers. */
    async managers() {
      return (await sources.people.team()).map(({ id, email, name }) => ({ id, email, name }));
    },

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
      await db.transaction(async (tx) => {
        await cohortsRepository(tx).setMembership(founderId, toCohortId, deps.now());
        // A cohort running another program enrols them in it too; what they did in the old one stays theirs.
        await sources.progress.enroll(tx, founderId, target.programKey);
      });
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
  };
}

export type CohortsService = ReturnType<typeof createCohortsService>;

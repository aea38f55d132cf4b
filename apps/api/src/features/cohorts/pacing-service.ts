import type { CohortPacing, SetMilestoneWindowBody } from '@liftoff/contracts/cohorts-pacing';
import type { FounderRow } from '@liftoff/contracts/cohorts';
import type { AppEvent } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { pacingRepository, type WindowRow } from './pacing-repository.js';
import { cohortsRepository } from './repository.js';
import type { CohortsService } from './service.js';
import type { ScopedPerson } from './scope.js';
import type { AuditEntry, CohortsSources, ProgressGridCell } from './sources.js';
import { cohortEndsAt, startOfDayIn } from './time.js';

const DAY = 86_400_000;
/** A milestone is "due soon" this long before its due date ends. */
export const DUE_SOON_MS = 3 * DAY;

type MilestoneEvent = Extract<AppEvent, { type: 'milestone.due' }>;

/** The earliest window past due whose milestone the founder has not completed, and how many days ago. */
export function behindPace(
  windows: WindowRow[],
  milestones: { index: number; key: string; name: string }[],
  cells: ProgressGridCell[],
  now: Date,
): NonNullable<FounderRow['behindPace']> | null {
  const byKey = new Map(milestones.map((m) => [m.key, m]));
  const missed = windows
    .filter((w) => w.dueAt <= now && byKey.has(w.milestoneKey))
    .filter((w) => cells.find((c) => c.index === byKey.get(w.milestoneKey)!.index)?.status !== 'COMPLETED')
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())[0];
  if (!missed) return null;
  return {
    milestoneKey: missed.milestoneKey,
    milestoneName: byKey.get(missed.milestoneKey)!.name,
    dueOn: missed.dueOn,
    days: Math.floor((now.getTime() - missed.dueAt.getTime()) / DAY),
  };
}

/**
 * A cohort's pace: windows per milestone set by its managers, the dates its founders see, and the due-soon
 * and overdue notices (sent by the `pacing.notices` job, once each).
 */
export function createPacingService(deps: {
  db: Db;
  now: () => Date;
  sources: CohortsSources;
  cohorts: CohortsService;
  audit: (entry: AuditEntry) => Promise<void>;
  publish: (event: MilestoneEvent) => void;
}) {
  const repo = pacingRepository(deps.db);

  async function pacing(person: ScopedPerson, cohortId: string): Promise<CohortPacing> {
    const cohort = await deps.cohorts.cohortFor(person, cohortId);
    const [milestones, windows] = await Promise.all([
      deps.sources.progress.milestones(cohort.programKey),
      repo.windows(cohort.id),
    ]);
    const byKey = new Map(windows.map((w) => [w.milestoneKey, w]));
    return {
      timeZone: cohort.timeZone,
      milestones: milestones.map((m) => ({
        milestoneKey: m.key,
        index: m.index,
        name: m.name,
        opensOn: byKey.get(m.key)?.opensOn ?? null,
        dueOn: byKey.get(m.key)?.dueOn ?? null,
      })),
    };
  }

  async function milestoneOf(person: ScopedPerson, cohortId: string, milestoneKey: string) {
    const cohort = await deps.cohorts.cohortFor(person, cohortId);
    const milestones = await deps.sources.progress.milestones(cohort.programKey);
    if (!milestones.some((m) => m.key === milestoneKey)) throw notFound('Milestone not found');
    return cohort;
  }

  return {
    pacing,

    async setWindow(
      person: ScopedPerson,
      cohortId: string,
      milestoneKey: string,
      body: SetMilestoneWindowBody,
    ) {
      const cohort = await milestoneOf(person, cohortId, milestoneKey);
      const before = (await repo.windows(cohort.id)).find((w) => w.milestoneKey === milestoneKey);
      await repo.setWindow({
        cohortId: cohort.id,
        milestoneKey,
        opensOn: body.opensOn,
        dueOn: body.dueOn,
        opensAt: startOfDayIn(body.opensOn, cohort.timeZone),
        dueAt: cohortEndsAt(body.dueOn, cohort.timeZone),
      });
      await deps.audit({
        actorId: person.userId,
        action: 'cohort.pacing.set',
        recordType: 'cohort',
        recordId: cohort.id,
        before: before ? { milestoneKey, opensOn: before.opensOn, dueOn: before.dueOn } : null,
        after: { milestoneKey, ...body },
      });
      return pacing(person, cohortId);
    },

    async clearWindow(person: ScopedPerson, cohortId: string, milestoneKey: string) {
      const cohort = await milestoneOf(person, cohortId, milestoneKey);
      if (await repo.deleteWindow(cohort.id, milestoneKey))
        await deps.audit({
          actorId: person.userId,
          action: 'cohort.pacing.cleared',
          recordType: 'cohort',
          recordId: cohort.id,
          before: { milestoneKey },
        });
      return pacing(person, cohortId);
    },

    /** The dates a founder sees, by milestone key, for the program of their cohort; null outside a paced cohort. */
    async founderDates(userId: string) {
      const found = await repo.ofFounder(userId);
      if (!found?.windows.length) return null;
      return {
        programKey: found.cohort.programKey,
        dates: new Map(
          found.windows.map((w) => [
            w.milestoneKey,
            { opensOn: w.opensOn, dueOn: w.dueOn, dueAt: w.dueAt.toISOString() },
          ]),
        ),
      };
    },

    /** The windows of one cohort, for the dashboard's "behind pace". */
    windows: (cohortId: string) => repo.windows(cohortId),

    /**
     * Tells each founder of an open cohort, once, that a milestone they have not completed is due within three
     * days, or is past due (then only that). Safe to run again and on several instances: a notice's row is
     * written before its event, and only the run that wrote it publishes.
     */
    async sendNotices(): Promise<number> {
      const now = deps.now();
      const due = await repo.dueBy(new Date(now.getTime() + DUE_SOON_MS));
      const events: MilestoneEvent[] = [];
      const cohortIds = [...new Set(due.map((d) => d.cohort.id))];
      for (const cohortId of cohortIds) {
        const rows = due.filter((d) => d.cohort.id === cohortId);
        const cohort = rows[0]!.cohort;
        const members = await cohortsRepository(deps.db).members(cohortId);
        if (!members.length) continue;
        const ids = members.map((m) => m.userId);
        const [milestones, progress] = await Promise.all([
          deps.sources.progress.milestones(cohort.programKey),
          deps.sources.progress.overview(ids, cohort.programKey),
        ]);
        for (const { window } of rows) {
          const milestone = milestones.find((m) => m.key === window.milestoneKey);
          if (!milestone) continue;
          const notice = window.dueAt <= now ? 'overdue' : 'due_soon';
          for (const userId of ids) {
            const cell = progress.cells.find((c) => c.userId === userId && c.index === milestone.index);
            if (!cell || cell.status === 'COMPLETED') continue;
            const recorded = await repo.recordNotice({
              userId,
              cohortId,
              milestoneKey: window.milestoneKey,
              notice,
              dueOn: window.dueOn,
              sentAt: now,
            });
            if (recorded)
              events.push({
                type: 'milestone.due',
                notice,
                founderId: userId,
                cohortId,
                milestoneKey: window.milestoneKey,
                milestoneName: milestone.name,
                dueOn: window.dueOn,
              });
          }
        }
      }
      for (const event of events) deps.publish(event);
      return events.length;
    },
  };
}

export type PacingService = ReturnType<typeof createPacingService>;

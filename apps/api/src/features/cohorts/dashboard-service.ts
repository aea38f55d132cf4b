import type { Dashboard, FounderRow, Timeline, TimelineEvent } from '@liftoff/contracts/cohorts';
import { notFound } from '../../lib/errors.js';
import { nudgeRepository } from './nudge-repository.js';
import { cohortsRepository } from './repository.js';
import { behindPace, type PacingService } from './pacing-service.js';
import type { CohortsService } from './service.js';
import type { ScopedPerson } from './scope.js';
import type { CohortsSources } from './sources.js';
import { startOfDayIn } from './time.js';

const DAY = 86_400_000;
const QUESTION_WAIT_MS = 48 * 3_600_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Monday to Monday of the week that holds `now`, in the cohort's time zone. */
function weekIn(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!);
  const monday = new Date(Date.UTC(+parts.year!, +parts.month! - 1, +parts.day! - weekday));
  const nextMonday = new Date(monday.getTime() + 7 * DAY);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: startOfDayIn(day(monday), timeZone), to: startOfDayIn(day(nextMonday), timeZone) };
}

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

const mondayOf = (at: Date) => {
  const day = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
};

export function createDashboardService(deps: {
  db: Parameters<typeof cohortsRepository>[0];
  now: () => Date;
  sources: CohortsSources;
  cohorts: CohortsService;
  pacing: Pick<PacingService, 'windows'>;
}) {
  const { sources } = deps;
  const repo = cohortsRepository(deps.db);

  async function memberOf(person: ScopedPerson, cohortId: string, founderId: string) {
    const cohort = await deps.cohorts.cohortFor(person, cohortId);
    const membership = uuidPattern.test(founderId) ? await repo.membership(founderId) : null;
    if (membership?.cohortId !== cohortId) throw notFound('Founder not found');
    return { cohort, membership };
  }

  async function dashboard(person: ScopedPerson, cohortId: string): Promise<Dashboard> {
    const row = await deps.cohorts.cohortFor(person, cohortId);
    const now = deps.now();
    const members = await repo.members(cohortId);
    const ids = members.map((m) => m.userId);
    const week = weekIn(now, row.timeZone);
    const [
      cohort,
      people,
      milestones,
      progress,
      expertLast,
      coachLast,
      awaiting,
      unanswered,
      meetings,
      windows,
    ] = await Promise.all([
      deps.cohorts.toCohorts([row]).then((list) => list[0]!),
      sources.people.byIds(ids),
      sources.progress.milestones(row.programKey),
      sources.progress.overview(ids, row.programKey),
      sources.experts.lastActivity(ids),
      sources.coach.lastActivity(ids),
      sources.progress.deliverablesAwaitingReview(ids),
      sources.experts.unansweredQuestions(ids, new Date(now.getTime() - QUESTION_WAIT_MS)),
      sources.experts.meetings(ids, week.from, week.to),
      deps.pacing.windows(cohortId),
    ]);
    const personById = new Map(people.map((p) => [p.id, p]));
    const cellsByUser = new Map<string, typeof progress.cells>();
    for (const cell of progress.cells) {
      const list = cellsByUser.get(cell.userId) ?? [];
      list.push(cell);
      cellsByUser.set(cell.userId, list);
    }
    const stepsByUser = new Map(progress.activity.map((s) => [s.userId, s]));
    const limitMs = row.stuckAfterDays * DAY;
    const founders: FounderRow[] = members
      .filter((m) => personById.has(m.userId))
      .map((member) => {
        const founder = personById.get(member.userId)!;
        const cells = (cellsByUser.get(member.userId) ?? []).sort((a, b) => a.index - b.index);
        const activity = stepsByUser.get(member.userId);
        const lastActivityAt = latest(
          activity?.lastStepAt,
          activity?.lastUploadAt,
          expertLast.get(member.userId),
          coachLast.get(member.userId),
        );
        const idleMs = now.getTime() - (lastActivityAt ?? member.joinedAt).getTime();
        const openMs = activity?.openStepSince ? now.getTime() - activity.openStepSince.getTime() : 0;
        const behind = row.closedAt ? null : behindPace(windows, milestones, cells, now);
        // A closed cohort has no one left to nudge.
        const stuck = row.closedAt
          ? null
          : idleMs >= limitMs
            ? ('NO_ACTIVITY' as const)
            : openMs >= limitMs
              ? ('STEP_TOO_LONG' as const)
              : behind
                ? ('BEHIND_PACE' as const)
                : null;
        return {
          id: founder.id,
          name: founder.name,
          email: founder.email,
          startup: founder.startup,
          joinedAt: member.joinedAt.toISOString(),
          lastActivityAt: lastActivityAt?.toISOString() ?? null,
          stepsDone: cells.reduce((n, c) => n + c.stepsDone, 0),
          stepsTotal: cells.reduce((n, c) => n + c.stepsTotal, 0),
          milestones: cells.map(({ userId: _id, ...cell }) => cell),
          stuck,
          stuckDays:
            stuck === 'BEHIND_PACE'
              ? behind!.days
              : stuck
                ? Math.floor((stuck === 'NO_ACTIVITY' ? idleMs : openMs) / DAY)
                : null,
          behindPace: behind,
        };
      });
    return {
      cohort,
      milestones,
      founders,
      deliverablesAwaitingReview: awaiting,
      unansweredQuestions: unanswered,
      meetingsThisWeek: meetings.map((m) => ({
        founderId: m.userId,
        founderName: personById.get(m.userId)?.name ?? '',
        expertName: m.expertName,
        startsAt: m.startsAt.toISOString(),
        status: m.status,
      })),
    };
  }

  return {
    dashboard,

    /** What the founder did, newest first. The coach appears as counts per day, never as what was said. */
    async timeline(person: ScopedPerson, cohortId: string, founderId: string): Promise<Timeline> {
      const { cohort } = await memberOf(person, cohortId, founderId);
      const [[founder], progress, experts, coachTimes, nudges] = await Promise.all([
        sources.people.byIds([founderId]),
        sources.progress.history(founderId, cohort.programKey),
        sources.experts.history(founderId),
        sources.coach.questionTimes(founderId),
        nudgeRepository(deps.db).ofFounder(cohortId, founderId),
      ]);
      if (!founder) throw notFound('Founder not found');
      const events: TimelineEvent[] = [
        ...progress.steps.map((s) => ({
          kind: 'STEP' as const,
          at: s.at,
          title: s.title,
          detail: s.missionName,
        })),
        ...progress.deliverables.map((d) => ({
          kind: 'DELIVERABLE' as const,
          at: d.at,
          title: `Handed in ${d.fileName}`,
          detail: d.missionName,
        })),
        ...experts.questions.map((q) => ({
          kind: 'QUESTION' as const,
          at: q.at,
          title: q.subject,
          detail: `Asked ${q.expertName}`,
        })),
        ...experts.meetings.map((m) => ({
          kind: 'MEETING' as const,
          at: m.at,
          title: `Meeting with ${m.expertName}`,
          detail: `${m.status.toLowerCase()} · ${m.startsAt.toISOString()}`,
        })),
        ...nudges.map((n) => ({
          kind: 'NUDGE' as const,
          at: n.sentAt,
          title: `Nudged: ${n.subject}`,
          detail: n.body,
        })),
      ].map((e) => ({ ...e, at: e.at.toISOString() }));
      const perDay = new Map<string, number>();
      const perWeek = new Map<string, number>();
      for (const at of coachTimes) {
        const day = at.toISOString().slice(0, 10);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
        perWeek.set(mondayOf(at), (perWeek.get(mondayOf(at)) ?? 0) + 1);
      }
      for (const [day, n] of perDay) {
        events.push({
          kind: 'COACH',
          at: `${day}T12:00:00.000Z`,
          title: `Asked the coach ${n} ${n === 1 ? 'question' : 'questions'}`,
          detail: null,
        });
      }
      events.sort((a, b) => b.at.localeCompare(a.at));
      return {
        founder,
        missions: progress.missions,
        coachUse: [...perWeek]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([weekOf, questions]) => ({ weekOf, questions })),
        events,
      };
    },

    /** The cohort's progress as CSV: one row per founder, one column per milestone. */
    async exportCsv(person: ScopedPerson, cohortId: string): Promise<{ fileName: string; csv: string }> {
      const data = await dashboard(person, cohortId);
      const header = [
        'Name',
        'E-mail',
        'Startup',
        'Joined',
        'Last activity',
        'Steps done',
        'Steps total',
        'Stuck',
        ...data.milestones.map((m) => `${m.index}. ${m.name}`),
      ];
      const rows = data.founders.map((f) => [
        f.name,
        f.email,
        f.startup,
        f.joinedAt.slice(0, 10),
        f.lastActivityAt?.slice(0, 10) ?? '',
        String(f.stepsDone),
        String(f.stepsTotal),
        f.stuck ? `${stuckLabels[f.stuck]} ${f.stuckDays} days` : '',
        ...data.milestones.map((m) => {
          const cell = f.milestones.find((c) => c.index === m.index);
          return cell ? `${cell.status} ${cell.stepsDone}/${cell.stepsTotal}` : '';
        }),
      ]);
      const csv = [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
      const slug =
        data.cohort.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'cohort';
      return { fileName: `${slug}-progress.csv`, csv };
    },
  };
}

const stuckLabels = { NO_ACTIVITY: 'No activity', STEP_TOO_LONG: 'Step open', BEHIND_PACE: 'Behind pace' };

/** Quotes a cell, and defuses text a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export type DashboardService = ReturnType<typeof createDashboardService>;

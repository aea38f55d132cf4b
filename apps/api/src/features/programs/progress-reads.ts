import type { Expert } from '@liftoff/contracts/experts';
import type { Milestone, MilestoneOutcome, Mission, Program, Step } from '@liftoff/contracts/programs';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { retiredStepsOf } from './program-migration.js';
import { iso, toMilestoneSummary, toMission, toStep, type MilestoneRow, type Repo } from './program-views.js';
import { checkId, uuidPattern } from './progress-checks.js';
import { progressRepository } from './repository.js';

/** Finds experts by their content key; handed in by app.ts so this feature never imports the experts one. */
export type ExpertLookup = (keys: string[]) => Promise<Map<string, Expert>>;

async function missionsWithChildren(
  repo: Repo,
  startupId: string,
  milestones: MilestoneRow[],
  where: { ids?: string[] } = {},
) {
  const missions = milestones.length
    ? await repo.missions(startupId, { milestoneIds: milestones.map((m) => m.id), ...where })
    : [];
  const ids = missions.map((m) => m.id);
  const [steps, attachments] = [await repo.steps(startupId, ids), await repo.attachments(startupId, ids)];
  const byId = new Map(milestones.map((m) => [m.id, m]));
  return missions.map((m) => toMission(m, steps, attachments, byId.get(m.userMilestoneId)!));
}

/** One mission of the founder with its steps and attachments, as the API shows it. */
export async function loadMission(repo: Repo, startupId: string, missionId: string): Promise<Mission> {
  const [row] = await repo.missions(startupId, { ids: [missionId] });
  if (!row) throw notFound('Mission not found');
  const [milestone] = await repo.milestones(startupId, { ids: [row.userMilestoneId] });
  const [mission] = await missionsWithChildren(repo, startupId, [milestone!], { ids: [missionId] });
  return mission!;
}

/** One step of a mission, read again after a change to it. */
export async function loadStep(
  repo: Repo,
  startupId: string,
  stepId: string,
  missionId: string,
): Promise<Step> {
  const step = (await repo.steps(startupId, [missionId])).find((s) => s.id === stepId);
  return toStep(step!);
}

/**
 * Reading a founder's progress: their programs, milestones (with each milestone's expert) and missions, and
 * the outcomes of the milestones they opened. Nothing here changes progress.
 */
export function createProgressReads(deps: { db: Db; findExperts: ExpertLookup }) {
  const { db } = deps;

  async function buildMilestones(repo: Repo, startupId: string, rows: MilestoneRow[]): Promise<Milestone[]> {
    const missions = await missionsWithChildren(repo, startupId, rows);
    const experts = await deps.findExperts([...new Set(rows.map((r) => r.expertKey))]);
    return rows.map((row) => ({
      id: row.id,
      index: row.index,
      key: row.key,
      name: row.name,
      status: row.status,
      iconUrl: row.iconUrl,
      secondaryIconUrl: row.secondaryIconUrl,
      description: row.description,
      overviewSubtitle: row.overviewSubtitle,
      outcome: { title: row.outcomeTitle, description: row.outcomeDescription },
      userMission: missions
        .filter((m) => m.userMilestoneId === row.id)
        .map(({ userMilestone: _parent, ...mission }) => mission),
      userProgramId: row.userProgramId,
      completedAt: iso(row.completedAt),
      originalMilestoneId: row.templateId,
      expert: experts.get(row.expertKey) ?? null,
    }));
  }

  async function buildPrograms(startupId: string, onlyId?: string): Promise<Program[]> {
    const repo = progressRepository(db);
    const all = await repo.programs(startupId);
    const wanted = onlyId ? all.filter((p) => p.id === onlyId) : all;
    const milestones = wanted.length
      ? await buildMilestones(
          repo,
          startupId,
          await repo.milestones(startupId, { programIds: wanted.map((p) => p.id) }),
        )
      : [];
    return wanted.map((p) => ({
      id: p.id,
      index: all.indexOf(p) + 1,
      key: p.key,
      version: p.version,
      name: p.name,
      summary: p.summary,
      status: p.status,
      iconUrl: p.iconUrl,
      secondaryIconUrl: p.secondaryIconUrl,
      enrolledAt: p.createdAt.toISOString(),
      endsAt: iso(p.endsAt),
      completedAt: iso(p.completedAt),
      userMilestone: milestones.filter((m) => m.userProgramId === p.id),
    }));
  }

  async function buildOutcome(startupId: string, milestoneId: string): Promise<MilestoneOutcome> {
    const repo = progressRepository(db);
    const [row] = await repo.milestones(startupId, { ids: [checkId(milestoneId, 'Milestone')] });
    if (!row) throw notFound('Milestone not found');
    return (await buildOutcomes(startupId, [row]))[0]!;
  }

  async function buildOutcomes(startupId: string, rows: MilestoneRow[]): Promise<MilestoneOutcome[]> {
    const repo = progressRepository(db);
    const programs = new Map((await repo.programs(startupId)).map((p) => [p.id, p]));
    const missions = await missionsWithChildren(repo, startupId, rows);
    const retired = await retiredStepsOf(
      db,
      startupId,
      rows.map((r) => r.userProgramId),
    );
    return rows.map((row) => ({
      milestone: { ...toMilestoneSummary(row), programName: programs.get(row.userProgramId)?.name ?? '' },
      outcome: { title: row.outcomeTitle, description: row.outcomeDescription },
      completedAt: iso(row.completedAt),
      missions: missions
        .filter((m) => m.userMilestoneId === row.id)
        .map((m) => ({
          id: m.id,
          index: m.index,
          name: m.name,
          status: m.status,
          completedAt: m.completedAt,
          deliverable: m.deliverable,
          attachments: m.attachments,
        })),
      retiredSteps: retired
        .filter((step) => step.userProgramId === row.userProgramId && step.milestoneKey === row.key)
        .map(({ userProgramId: _p, milestoneKey: _m, ...step }) => step),
    }));
  }

  async function programMilestones(startupId: string, programId: string): Promise<Milestone[]> {
    const repo = progressRepository(db);
    const [program] = await repo.programs(startupId, [checkId(programId, 'Program')]);
    if (!program) throw notFound('Program not found');
    return buildMilestones(repo, startupId, await repo.milestones(startupId, { programIds: [program.id] }));
  }

  return {
    listPrograms: (startupId: string) => buildPrograms(startupId),

    async getProgram(startupId: string, id: string): Promise<Program> {
      const [program] = await buildPrograms(startupId, checkId(id, 'Program'));
      if (!program) throw notFound('Program not found');
      return program;
    },

    programMilestones,

    /** The program's ONGOING milestone; null once the program is completed or closed. */
    async ongoingMilestone(startupId: string, programId: string): Promise<Milestone | null> {
      const milestones = await programMilestones(startupId, programId);
      return milestones.find((m) => m.status === 'ONGOING') ?? null;
    },

    async getMilestone(startupId: string, id: string): Promise<Milestone> {
      const repo = progressRepository(db);
      const rows = await repo.milestones(startupId, { ids: [checkId(id, 'Milestone')] });
      if (!rows.length) throw notFound('Milestone not found');
      return (await buildMilestones(repo, startupId, rows))[0]!;
    },

    getMission: (startupId: string, id: string) =>
      loadMission(progressRepository(db), startupId, checkId(id, 'Mission')),

    milestoneOutcome: buildOutcome,

    /** Every opened milestone's outcome and deliverables, optionally for one program or milestone. */
    async outcomes(
      startupId: string,
      filter: { programId?: string; milestoneId?: string },
    ): Promise<MilestoneOutcome[]> {
      if (
        (filter.programId && !uuidPattern.test(filter.programId)) ||
        (filter.milestoneId && !uuidPattern.test(filter.milestoneId))
      )
        return [];
      const repo = progressRepository(db);
      const rows = await repo.milestones(startupId, {
        ...(filter.programId ? { programIds: [filter.programId] } : {}),
        ...(filter.milestoneId ? { ids: [filter.milestoneId] } : {}),
      });
      return buildOutcomes(
        startupId,
        rows.filter((r) => r.status !== 'LOCKED'),
      );
    },
  };
}

import type { Expert } from '@liftoff/contracts/experts';
import {
  LOCKED_MILESTONE_MESSAGE,
  type Attachment,
  type Milestone,
  type MilestoneOutcome,
  type Mission,
  type NextStepResult,
  type Program,
  type Step,
  type WorksheetField,
} from '@liftoff/contracts/programs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import { settleMission } from './completion.js';
import { retiredStepsOf } from './program-migration.js';
import {
  iso,
  toAttachment,
  toMilestoneSummary,
  toMission,
  toStep,
  type MilestoneRow,
  type Repo,
} from './program-views.js';
import { progressRepository, type Status } from './repository.js';
import { reviewRepository } from './review-repository.js';
import { checkWithdrawal, handInRefusal, recordHandIn } from './review-rules.js';
import { checkUpload } from './uploads.js';

/** Finds experts by their content key; handed in by app.ts so this feature never imports the experts one. */
export type ExpertLookup = (keys: string[]) => Promise<Map<string, Expert>>;

export interface ProgramsDeps {
  db: Db;
  storage: FileStorage;
  appUrl: string;
  findExperts: ExpertLookup;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Malformed ids are simply not found: the caller learns nothing about what exists. */
export function checkId(id: string | undefined, what: string): string {
  if (!id || !uuidPattern.test(id)) throw notFound(`${what} not found`);
  return id;
}

const ENDED_MESSAGE = 'This program has ended; its missions can no longer be changed.';

/** The next step to show after `afterIndex`: the first one neither done nor put off, or null. */
function nextOpenStep(
  steps: { id: string; index: number; status: Status; doLater: boolean }[],
  afterIndex: number,
): string | null {
  return steps.find((s) => s.index > afterIndex && s.status !== 'COMPLETED' && !s.doLater)?.id ?? null;
}

/**
 * A step with a worksheet is done only once its required fields hold an answer (decision 004); putting it
 * off stays possible, so the founder can come back to it.
 */
function checkRequiredAnswers(fields: WorksheetField[] | null, answers: Record<string, string> | null) {
  const missing = (fields ?? []).filter((f) => f.required && !answers?.[f.key]?.trim());
  if (!missing.length) return;
  throw badRequest(
    `Fill in the required worksheet fields first: ${missing.map((f) => `answers.${f.key}`).join(', ')}`,
    missing.map((f) => ({ path: `answers.${f.key}`, message: `Required: ${f.label}` })),
  );
}

export function createProgramsService(deps: ProgramsDeps) {
  const { db, storage } = deps;

  async function missionsWithChildren(
    repo: Repo,
    userId: string,
    milestones: MilestoneRow[],
    where: { ids?: string[] } = {},
  ) {
    const missions = milestones.length
      ? await repo.missions(userId, { milestoneIds: milestones.map((m) => m.id), ...where })
      : [];
    const ids = missions.map((m) => m.id);
    const [steps, attachments] = [await repo.steps(userId, ids), await repo.attachments(userId, ids)];
    const byId = new Map(milestones.map((m) => [m.id, m]));
    return missions.map((m) => toMission(m, steps, attachments, byId.get(m.userMilestoneId)!));
  }

  async function buildMilestones(repo: Repo, userId: string, rows: MilestoneRow[]): Promise<Milestone[]> {
    const missions = await missionsWithChildren(repo, userId, rows);
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

  async function buildPrograms(userId: string, onlyId?: string): Promise<Program[]> {
    const repo = progressRepository(db);
    const all = await repo.programs(userId);
    const wanted = onlyId ? all.filter((p) => p.id === onlyId) : all;
    const milestones = wanted.length
      ? await buildMilestones(
          repo,
          userId,
          await repo.milestones(userId, { programIds: wanted.map((p) => p.id) }),
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

  async function loadMission(repo: Repo, userId: string, missionId: string): Promise<Mission> {
    const [row] = await repo.missions(userId, { ids: [missionId] });
    if (!row) throw notFound('Mission not found');
    const [milestone] = await repo.milestones(userId, { ids: [row.userMilestoneId] });
    const [mission] = await missionsWithChildren(repo, userId, [milestone!], { ids: [missionId] });
    return mission!;
  }

  async function loadStep(repo: Repo, userId: string, stepId: string, missionId: string): Promise<Step> {
    const step = (await repo.steps(userId, [missionId])).find((s) => s.id === stepId);
    return toStep(step!);
  }

  async function buildOutcome(userId: string, milestoneId: string): Promise<MilestoneOutcome> {
    const repo = progressRepository(db);
    const [row] = await repo.milestones(userId, { ids: [checkId(milestoneId, 'Milestone')] });
    if (!row) throw notFound('Milestone not found');
    return (await buildOutcomes(userId, [row]))[0]!;
  }

  async function buildOutcomes(userId: string, rows: MilestoneRow[]): Promise<MilestoneOutcome[]> {
    const repo = progressRepository(db);
    const programs = new Map((await repo.programs(userId)).map((p) => [p.id, p]));
    const missions = await missionsWithChildren(repo, userId, rows);
    const retired = await retiredStepsOf(
      db,
      userId,
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

  async function programMilestones(userId: string, programId: string): Promise<Milestone[]> {
    const repo = progressRepository(db);
    const [program] = await repo.programs(userId, [checkId(programId, 'Program')]);
    if (!program) throw notFound('Program not found');
    return buildMilestones(repo, userId, await repo.milestones(userId, { programIds: [program.id] }));
  }

  return {
    listPrograms: (userId: string) => buildPrograms(userId),

    async getProgram(userId: string, id: string): Promise<Program> {
      const [program] = await buildPrograms(userId, checkId(id, 'Program'));
      if (!program) throw notFound('Program not found');
      return program;
    },

    programMilestones,

    /** The program's ONGOING milestone; null once the program is completed or closed. */
    async ongoingMilestone(userId: string, programId: string): Promise<Milestone | null> {
      const milestones = await programMilestones(userId, programId);
      return milestones.find((m) => m.status === 'ONGOING') ?? null;
    },

    async getMilestone(userId: string, id: string): Promise<Milestone> {
      const repo = progressRepository(db);
      const rows = await repo.milestones(userId, { ids: [checkId(id, 'Milestone')] });
      if (!rows.length) throw notFound('Milestone not found');
      return (await buildMilestones(repo, userId, rows))[0]!;
    },

    getMission: (userId: string, id: string) =>
      loadMission(progressRepository(db), userId, checkId(id, 'Mission')),

    /** `PUT /userStep/next-step`: completes or defers the step and opens the next, in one transaction. */
    async nextStep(userId: string, stepId: string, doLater: boolean): Promise<NextStepResult> {
      checkId(stepId, 'Step');
      return db.transaction(async (tx) => {
        const repo = progressRepository(tx);
        const found = await repo.stepContext(userId, stepId);
        if (!found) throw notFound('Step not found');
        await repo.lockProgram(found.programId);
        // Read again under the lock: a concurrent call for the same step may have just committed.
        const step = (await repo.stepContext(userId, stepId))!;
        if (step.milestoneStatus === 'LOCKED') throw conflict(LOCKED_MILESTONE_MESSAGE);
        if (step.milestoneStatus === 'INCOMPLETED') throw conflict(ENDED_MESSAGE);
        if (step.stepStatus === 'LOCKED')
          throw conflict('Finish or put off the previous step of this mission first.');
        if (doLater && step.stepStatus === 'COMPLETED') throw conflict('This step is already done.');
        const changed = doLater ? !step.doLater : step.stepStatus !== 'COMPLETED';
        if (changed && !doLater) checkRequiredAnswers(step.worksheetFields, step.answers);
        const now = new Date();
        let outcome = {
          missionCompleted: false,
          milestoneCompleted: false,
          unlockedMilestoneId: null as string | null,
        };
        if (changed) {
          await repo.setStep(
            step.stepId,
            doLater ? { doLater: true } : { status: 'COMPLETED', doLater: false, completedAt: now },
          );
          await repo.openStep(step.missionId, step.stepIndex + 1);
          const context = (await repo.missionContext(userId, step.missionId))!;
          outcome = await settleMission(
            tx,
            { ...context, hasDeliverable: Boolean(context.deliverable) },
            now,
          );
        }
        const mission = await loadMission(repo, userId, step.missionId);
        return { mission, nextStepId: nextOpenStep(mission.userStep, step.stepIndex), ...outcome };
      });
    },

    async rateStep(userId: string, stepId: string, rating: number): Promise<Step> {
      const repo = progressRepository(db);
      const step = await repo.stepContext(userId, checkId(stepId, 'Step'));
      if (!step) throw notFound('Step not found');
      if (step.milestoneStatus === 'LOCKED' || step.stepStatus === 'LOCKED')
        throw conflict(LOCKED_MILESTONE_MESSAGE);
      await repo.setStep(step.stepId, { rating });
      return loadStep(repo, userId, step.stepId, step.missionId);
    },

    /** Saves a TOOL step's worksheet (replacing the previous answers); keys must be the step's fields. */
    async saveWorksheet(userId: string, stepId: string, answers: Record<string, string>): Promise<Step> {
      const repo = progressRepository(db);
      const step = await repo.stepContext(userId, checkId(stepId, 'Step'));
      if (!step) throw notFound('Step not found');
      if (step.milestoneStatus === 'LOCKED') throw conflict(LOCKED_MILESTONE_MESSAGE);
      if (step.milestoneStatus === 'INCOMPLETED') throw conflict(ENDED_MESSAGE);
      if (!step.worksheetFields)
        throw badRequest('This step has no worksheet.', [
          { path: 'answers', message: 'Only TOOL steps have a worksheet' },
        ]);
      const fields = new Map(step.worksheetFields.map((f) => [f.key, f]));
      const details = Object.entries(answers).flatMap(([key, value]) => {
        const field = fields.get(key);
        if (!field) return [{ path: `answers.${key}`, message: 'Unknown field' }];
        if (field.kind === 'number' && value.trim() !== '' && !Number.isFinite(Number(value)))
          return [{ path: `answers.${key}`, message: 'Must be a number' }];
        return [];
      });
      if (details.length) throw badRequest(`Please check: ${details.map((d) => d.path).join(', ')}`, details);
      await repo.setStep(step.stepId, { answers, answersUpdatedAt: new Date() });
      return loadStep(repo, userId, step.stepId, step.missionId);
    },

    /** Stores a deliverable (type checked from its bytes) and completes the mission if that was all it needed. */
    async uploadAttachment(
      userId: string,
      missionId: string,
      file: { fileName: string; data: Buffer },
    ): Promise<Attachment> {
      checkId(missionId, 'Mission');
      const before = await progressRepository(db).missionContext(userId, missionId);
      if (!before) throw notFound('Mission not found');
      const refuse = (ctx: { milestoneStatus: Status; missionStatus: Status }) => {
        if (ctx.milestoneStatus === 'LOCKED') return conflict(LOCKED_MILESTONE_MESSAGE);
        if (ctx.milestoneStatus === 'INCOMPLETED' || ctx.missionStatus === 'INCOMPLETED')
          return conflict(ENDED_MESSAGE);
        return null;
      };
      const early =
        refuse(before) ??
        (before.deliverable ? handInRefusal(await reviewRepository(db).statusOfMission(missionId)) : null);
      if (early) throw early;
      const checked = await checkUpload(file.fileName, file.data);
      const storageKey = `attachments/${userId}/${randomUUID()}`;
      await storage.put(storageKey, file.data, checked.mimeType);
      try {
        return await db.transaction(async (tx) => {
          const repo = progressRepository(tx);
          await repo.lockProgram(before.programId);
          const ctx = (await repo.missionContext(userId, missionId))!;
          const late = refuse(ctx);
          if (late) throw late;
          const row = await repo.insertAttachment({
            userId,
            userMissionId: missionId,
            fileName: checked.fileName,
            mimeType: checked.mimeType,
            size: file.data.length,
            storageKey,
          });
          const now = new Date();
          // Every file handed in for a deliverable is a version of it, for the program team to review.
          if (ctx.deliverable) await recordHandIn(tx, userId, missionId, now);
          await settleMission(tx, { ...ctx, hasDeliverable: Boolean(ctx.deliverable) }, now);
          return toAttachment(row);
        });
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    async openAttachment(
      userId: string,
      missionId: string,
      attachmentId: string,
    ): Promise<{ attachment: Attachment; stream: Readable }> {
      const row = await progressRepository(db).findAttachment(
        userId,
        checkId(missionId, 'Mission'),
        checkId(attachmentId, 'Attachment'),
      );
      if (!row) throw notFound('Attachment not found');
      return { attachment: toAttachment(row), stream: await storage.getStream(row.storageKey) };
    },

    /**
     * Removes a deliverable file while nobody has reacted to it yet; a completed mission stays completed
     * (decision record 004).
     */
    async deleteAttachment(userId: string, missionId: string, attachmentId: string): Promise<void> {
      const repo = progressRepository(db);
      const row = await repo.findAttachment(
        userId,
        checkId(missionId, 'Mission'),
        checkId(attachmentId, 'Attachment'),
      );
      if (!row) throw notFound('Attachment not found');
      await db.transaction(async (tx) => {
        const review = await checkWithdrawal(tx, row.userMissionId);
        await progressRepository(tx).deleteAttachment(row.id);
        await review.withdraw();
      });
      await storage.delete(row.storageKey);
    },

    milestoneOutcome: buildOutcome,

    /** Every opened milestone's outcome and deliverables, optionally for one program or milestone. */
    async outcomes(
      userId: string,
      filter: { programId?: string; milestoneId?: string },
    ): Promise<MilestoneOutcome[]> {
      if (
        (filter.programId && !uuidPattern.test(filter.programId)) ||
        (filter.milestoneId && !uuidPattern.test(filter.milestoneId))
      )
        return [];
      const repo = progressRepository(db);
      const rows = await repo.milestones(userId, {
        ...(filter.programId ? { programIds: [filter.programId] } : {}),
        ...(filter.milestoneId ? { ids: [filter.milestoneId] } : {}),
      });
      return buildOutcomes(
        userId,
        rows.filter((r) => r.status !== 'LOCKED'),
      );
    },
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;

import {
  LOCKED_MILESTONE_MESSAGE,
  type NextStepResult,
  type Step,
  type WorksheetField,
} from '@liftoff/contracts/programs';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { settleMission } from './completion.js';
import { checkId, ENDED_MESSAGE } from './progress-checks.js';
import type { Owner } from './owner.js';
import { loadMission, loadStep } from './progress-reads.js';
import { progressRepository, type Status } from './repository.js';

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

/**
 * A founder working through a mission's steps: completing or putting one off (which may complete the mission
 * and milestone), rating it, and saving its worksheet.
 */
export function createStepProgress(db: Db) {
  return {
    /** `PUT /userStep/next-step`: completes or defers the step and opens the next, in one transaction. */
    async nextStep(owner: Owner, stepId: string, doLater: boolean): Promise<NextStepResult> {
      checkId(stepId, 'Step');
      return db.transaction(async (tx) => {
        const repo = progressRepository(tx);
        const found = await repo.stepContext(owner.startupId, stepId);
        if (!found) throw notFound('Step not found');
        await repo.lockProgram(found.programId);
        // Read again under the lock: a concurrent call for the same step may have just committed.
        const step = (await repo.stepContext(owner.startupId, stepId))!;
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
            // Who completed (or put off) the step: each person's part of the mission.
            doLater
              ? { doLater: true, userId: owner.userId }
              : { status: 'COMPLETED', doLater: false, completedAt: now, userId: owner.userId },
          );
          await repo.openStep(step.missionId, step.stepIndex + 1);
          const context = (await repo.missionContext(owner.startupId, step.missionId))!;
          outcome = await settleMission(
            tx,
            { ...context, hasDeliverable: Boolean(context.deliverable) },
            now,
          );
        }
        const mission = await loadMission(repo, owner.startupId, step.missionId);
        return { mission, nextStepId: nextOpenStep(mission.userStep, step.stepIndex), ...outcome };
      });
    },

    async rateStep(owner: Owner, stepId: string, rating: number): Promise<Step> {
      const repo = progressRepository(db);
      const step = await repo.stepContext(owner.startupId, checkId(stepId, 'Step'));
      if (!step) throw notFound('Step not found');
      if (step.milestoneStatus === 'LOCKED' || step.stepStatus === 'LOCKED')
        throw conflict(LOCKED_MILESTONE_MESSAGE);
      await repo.setStep(step.stepId, { rating });
      return loadStep(repo, owner.startupId, step.stepId, step.missionId);
    },

    /** Saves a TOOL step's worksheet (replacing the previous answers); keys must be the step's fields. */
    async saveWorksheet(owner: Owner, stepId: string, answers: Record<string, string>): Promise<Step> {
      const repo = progressRepository(db);
      const step = await repo.stepContext(owner.startupId, checkId(stepId, 'Step'));
      if (!step) throw notFound('Step not found');
      if (step.milestoneStatus === 'LOCKED') throw conflict(LOCKED_MILESTONE_MESSAGE);
      if (step.milestoneStatus === 'INCOMPLETED') throw conflict(ENDED_MESSAGE);
      if (!step.worksheetFields)
        throw badRequest('This step has no worksheet.', [
          { path: 'answers', message: 'Only TOOL steps have a worksheet' },
        ]);
      checkAnswers(step.worksheetFields, answers);
      // Every field whose text changed moves to its next version, so a field's save made before sees it.
      const at = new Date();
      const versions = { ...step.answerVersions };
      for (const key of new Set([...Object.keys(answers), ...Object.keys(step.answers)]))
        if ((answers[key] ?? '') !== (step.answers[key] ?? ''))
          versions[key] = {
            version: (versions[key]?.version ?? 0) + 1,
            by: owner.userId,
            at: at.toISOString(),
          };
      await repo.setStep(step.stepId, { answers, answersUpdatedAt: at, answerVersions: versions });
      return loadStep(repo, owner.startupId, step.stepId, step.missionId);
    },

    /**
     * Saves one field of a TOOL step's worksheet, made from `version` of it: two people on one worksheet each
     * save their own fields without touching the other's, and a save made from an older text of the same field
     * is refused with both texts, for the person to choose.
     */
    async saveAnswer(
      owner: Owner,
      stepId: string,
      key: string,
      body: { value: string; version: number },
    ): Promise<Step> {
      const repo = progressRepository(db);
      const step = await repo.stepContext(owner.startupId, checkId(stepId, 'Step'));
      if (!step) throw notFound('Step not found');
      if (step.milestoneStatus === 'LOCKED') throw conflict(LOCKED_MILESTONE_MESSAGE);
      if (step.milestoneStatus === 'INCOMPLETED') throw conflict(ENDED_MESSAGE);
      if (!step.worksheetFields)
        throw badRequest('This step has no worksheet.', [
          { path: 'answers', message: 'Only TOOL steps have a worksheet' },
        ]);
      checkAnswers(step.worksheetFields, { [key]: body.value });
      const saved = await repo.saveAnswerAt(
        step.stepId,
        key,
        body.value,
        body.version,
        owner.userId,
        new Date(),
      );
      if (!saved) {
        const now = (await repo.stepContext(owner.startupId, step.stepId))!;
        const current = now.answerVersions[key];
        const theirs = now.answers[key] ?? '';
        throw new AppError(
          409,
          'CONFLICT',
          `This field was saved by someone else since you opened it (now version ${current?.version ?? 0}). Saved: "${theirs}". Yours: "${body.value}". Choose one and save it with version ${current?.version ?? 0}.`,
          [
            { path: 'saved', message: theirs },
            { path: 'yours', message: body.value },
            { path: 'version', message: String(current?.version ?? 0) },
            ...(current?.by ? [{ path: 'savedBy', message: current.by }] : []),
          ],
        );
      }
      return loadStep(repo, owner.startupId, step.stepId, step.missionId);
    },
  };
}

/** Keys must be the step's fields; a number field holds a number. */
function checkAnswers(worksheetFields: WorksheetField[], answers: Record<string, string>) {
  const fields = new Map(worksheetFields.map((f) => [f.key, f]));
  const details = Object.entries(answers).flatMap(([key, value]) => {
    const field = fields.get(key);
    if (!field) return [{ path: `answers.${key}`, message: 'Unknown field' }];
    if (field.kind === 'number' && value.trim() !== '' && !Number.isFinite(Number(value)))
      return [{ path: `answers.${key}`, message: 'Must be a number' }];
    return [];
  });
  if (details.length) throw badRequest(`Please check: ${details.map((d) => d.path).join(', ')}`, details);
}

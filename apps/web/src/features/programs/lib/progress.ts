import { currentProgram as sharedCurrentProgram } from '@liftoff/contracts/current-program';
import type { Milestone, Mission, ProgressStatus, Step } from '@liftoff/contracts/programs';

type StepLike = Pick<Step, 'id' | 'index' | 'status' | 'doLater'>;
type MissionLike = Pick<Mission, 'status' | 'deliverable' | 'attachments'> & { userStep: StepLike[] };
type MilestoneLike = Pick<Milestone, 'status'> & { userMission: MissionLike[] };

export type Progress = { done: number; total: number; percent: number };

const byIndex = <T extends { index: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.index - b.index);

function progress(done: number, total: number): Progress {
  const percent = total === 0 ? 0 : Math.round((Math.min(done, total) / total) * 100);
  return { done: Math.min(done, total), total, percent };
}

/**
 * A mission's work units: each step, plus its deliverable when it asks for one. A COMPLETED mission counts
 * in full (steps put off for later do not hold it back); otherwise completed steps and a handed-in file count.
 */
export function missionProgress(mission: MissionLike): Progress {
  const total = mission.userStep.length + (mission.deliverable ? 1 : 0);
  if (mission.status === 'COMPLETED') return progress(total, total);
  const steps = mission.userStep.filter((s) => s.status === 'COMPLETED').length;
  const file = mission.deliverable && mission.attachments.length > 0 ? 1 : 0;
  return progress(steps + file, total);
}

/** A milestone's completion for its ring: the sum of its missions' units; 100 % once COMPLETED. */
export function milestoneProgress(milestone: MilestoneLike): Progress {
  let done = 0;
  let total = 0;
  for (const mission of milestone.userMission) {
    const p = missionProgress(mission);
    done += p.done;
    total += p.total;
  }
  if (milestone.status === 'COMPLETED') return progress(total || 1, total || 1);
  return progress(done, total);
}

/** The whole program's completion for its bar: every milestone's units together. */
export function programProgress(program: { userMilestone: MilestoneLike[] }): Progress {
  let done = 0;
  let total = 0;
  for (const milestone of program.userMilestone) {
    const p = milestoneProgress(milestone);
    done += p.done;
    total += p.total;
  }
  return progress(done, total);
}

/**
 * Where to resume a mission: the first step that is open and not put off; else the first step put off for
 * later; else (all done) the last step. Null for a mission without steps.
 */
export function nextOpenStep<S extends StepLike>(steps: readonly S[]): S | null {
  const ordered = byIndex(steps);
  return (
    ordered.find((s) => s.status === 'ONGOING' && !s.doLater) ??
    ordered.find((s) => s.status !== 'COMPLETED' && s.doLater) ??
    ordered.at(-1) ??
    null
  );
}

/** The step shown for a URL: the one named (when it belongs to the mission), else where to resume. */
export function resolveStep<S extends StepLike>(steps: readonly S[], stepId: string | undefined): S | null {
  if (stepId) {
    const named = steps.find((s) => s.id === stepId);
    if (named) return named;
  }
  return nextOpenStep(steps);
}

/** Steps put off for later that still wait to be finished. */
export function deferredSteps<S extends StepLike>(steps: readonly S[]): S[] {
  return byIndex(steps).filter((s) => s.doLater && s.status !== 'COMPLETED');
}

/** The program to show first (one rule on every surface, in the contracts). */
export const currentProgram = sharedCurrentProgram;

/** The milestone to focus: the ONGOING one, else the last COMPLETED one, else the first. */
export function currentMilestone<M extends { status: ProgressStatus; index: number }>(
  milestones: readonly M[],
): M | null {
  const ordered = byIndex(milestones);
  return (
    ordered.find((m) => m.status === 'ONGOING') ??
    ordered.filter((m) => m.status === 'COMPLETED').at(-1) ??
    ordered[0] ??
    null
  );
}

/** The mission to continue in a milestone: the first ONGOING one (by index), or null when none is open. */
export function currentMission<M extends { status: ProgressStatus; index: number }>(
  missions: readonly M[],
): M | null {
  return byIndex(missions).find((m) => m.status === 'ONGOING') ?? null;
}

/** Whether a mission still waits only for its deliverable (every step done or put off, no file yet). */
export function awaitsDeliverable(mission: MissionLike): boolean {
  return (
    mission.status === 'ONGOING' &&
    Boolean(mission.deliverable) &&
    mission.attachments.length === 0 &&
    mission.userStep.every((s) => s.status === 'COMPLETED' || s.doLater)
  );
}

export { byIndex };

type TouchableStep = StepLike & Partial<Pick<Step, 'rating' | 'worksheet'>>;

/**
 * Whether the founder has touched the mission: a step done, put off, rated or with saved answers, or a
 * file handed in. An open mission nobody touched reads "Not started" rather than "In progress".
 */
export function missionStarted(
  mission: Pick<Mission, 'status' | 'attachments'> & { userStep: TouchableStep[] },
): boolean {
  if (mission.status !== 'ONGOING') return true;
  return (
    mission.attachments.length > 0 ||
    mission.userStep.some(
      (s) => s.status === 'COMPLETED' || s.doLater || s.rating != null || Boolean(s.worksheet?.updatedAt),
    )
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A mission's progress in words, counting the deliverable as a unit of its own ("1 of 3 steps and the
 * deliverable done") and naming the steps put off, so a bare percentage never hides what is left.
 */
export function missionProgressCaption(mission: MissionLike): string {
  const steps = mission.userStep.length;
  const stepsDone = mission.userStep.filter((s) => s.status === 'COMPLETED').length;
  const fileIn = mission.deliverable && mission.attachments.length > 0 ? 1 : 0;
  const units = mission.deliverable ? `${plural(steps, 'step')} and the deliverable` : plural(steps, 'step');
  const deferred = deferredSteps(mission.userStep).length;
  const parts = [`${stepsDone + fileIn} of ${units} done`];
  if (mission.deliverable) parts.push(fileIn ? 'deliverable handed in' : 'deliverable not handed in yet');
  if (deferred) parts.push(`${plural(deferred, 'step')} put off`);
  return parts.join(' · ');
}

/**
 * The steps still put off that completing `stepId` would leave behind when it completes the mission (the
 * default rule of decision 004: every step done or put off, and the deliverable handed in). Empty when the
 * call would not complete the mission: only then is there nothing to ask.
 */
export function putOffAtCompletion<S extends StepLike>(
  mission: Pick<Mission, 'status' | 'deliverable' | 'attachments'> & { userStep: S[] },
  stepId: string,
): S[] {
  if (mission.status !== 'ONGOING') return [];
  if (mission.deliverable && mission.attachments.length === 0) return [];
  const others = mission.userStep.filter((s) => s.id !== stepId);
  if (!others.every((s) => s.status === 'COMPLETED' || s.doLater)) return [];
  return deferredSteps(others);
}

/** The words for the question asked before completing a mission with steps put off. */
export function putOffQuestion(count: number): string {
  return `${plural(count, 'step is', 'steps are')} still put off — finish them or complete anyway?`;
}

import type { DbOrTx } from '../../db/client.js';
import { progressRepository } from './repository.js';
import { reviewRepository } from './review-repository.js';

export interface MissionToSettle {
  missionId: string;
  milestoneId: string;
  programId: string;
  hasDeliverable: boolean;
  /** The program's rule: the deliverable counts once approved, rather than once handed in. */
  requiresApproval: boolean;
}

export interface SettleResult {
  missionCompleted: boolean;
  milestoneCompleted: boolean;
  unlockedMilestoneId: string | null;
}

/**
 * Completes the mission if every step is done or put off and its deliverable (if any) counts — handed in,
 * or approved when the program requires approval — then the milestone if all its missions are, opening
 * the next milestone (or completing the program). Call inside the transaction that holds the program lock.
 */
export async function settleMission(tx: DbOrTx, ctx: MissionToSettle, now: Date): Promise<SettleResult> {
  const repo = progressRepository(tx);
  const result: SettleResult = {
    missionCompleted: false,
    milestoneCompleted: false,
    unlockedMilestoneId: null,
  };
  const steps = await repo.stepStates(ctx.missionId);
  if (!steps.every((s) => s.status === 'COMPLETED' || s.doLater)) return result;
  if (ctx.hasDeliverable) {
    const counts = ctx.requiresApproval
      ? (await reviewRepository(tx).statusOfMission(ctx.missionId)) === 'approved'
      : (await repo.attachmentCount(ctx.missionId)) > 0;
    if (!counts) return result;
  }
  result.missionCompleted = await repo.completeMission(ctx.missionId, now);
  if (!result.missionCompleted) return result;
  const missions = await repo.missionStates(ctx.milestoneId);
  if (!missions.every((m) => m.status === 'COMPLETED')) return result;
  const milestone = await repo.completeMilestone(ctx.milestoneId, now);
  if (!milestone) return result;
  result.milestoneCompleted = true;
  result.unlockedMilestoneId = await repo.openMilestone(ctx.programId, milestone.index + 1);
  if (!result.unlockedMilestoneId) await repo.completeProgram(ctx.programId, now);
  return result;
}

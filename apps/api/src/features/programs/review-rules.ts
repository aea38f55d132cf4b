import { reviewMoves, type ReviewDecision, type ReviewStatus } from '@liftoff/contracts/programs-review';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Owner } from './owner.js';
import { reviewRepository } from './review-repository.js';

/*
 * The review's state machine (docs/decisions/004-progress-rules.md "Review"). A founder's new version
 * moves it to submitted; a reviewer moves it along reviewMoves; anything else is a 409 that says what to
 * do instead.
 */

const statusWords: Record<ReviewStatus, string> = {
  submitted: 'waiting for review',
  in_review: 'in review',
  changes_requested: 'back with the founder for changes',
  approved: 'approved',
};

export const IN_REVIEW_UPLOAD_MESSAGE =
  'Your deliverable is being reviewed. You can upload a new version once the program team has answered.';

/** Refuses a reviewer's move that the state machine does not allow, naming what would work. */
export function checkMove(from: ReviewStatus, to: ReviewDecision, comment: string | undefined) {
  if (from === to) throw conflict(`This deliverable is already ${statusWords[from]}.`);
  if (!reviewMoves[from].includes(to)) {
    if (from === 'submitted') throw conflict('Start the review before deciding on this deliverable.');
    throw conflict(
      `This deliverable is ${statusWords[from]}. Reopen the review before changing the decision.`,
    );
  }
  if (to === 'changes_requested' && !comment)
    throw badRequest('Say what should change.', [
      { path: 'comment', message: 'Required when requesting changes' },
    ]);
}

/** A new version may be handed in at any time except while someone is reviewing the current one. */
export function handInRefusal(status: ReviewStatus | null) {
  return status === 'in_review' ? conflict(IN_REVIEW_UPLOAD_MESSAGE) : null;
}

/**
 * Records a handed-in version of the mission's deliverable: the first makes the review (submitted), a later
 * one sends it back to submitted. Inside the upload's transaction, after the program lock.
 */
export async function recordHandIn(tx: DbOrTx, owner: Owner, missionId: string, at: Date) {
  const reviews = reviewRepository(tx);
  const current = await reviews.findByMission(missionId);
  if (!current) return reviews.insert({ ...owner, userMissionId: missionId, submittedAt: at });
  const refusal = handInRefusal(current.status);
  if (refusal) throw refusal;
  await reviews.move(current.id, current.status, 'submitted', { submittedAt: at, at });
  return { ...current, status: 'submitted' as const, submittedAt: at, updatedAt: at };
}

/**
 * Whether a handed-in file may still be deleted: only until anyone reacted to the deliverable (it is still
 * submitted and its thread is empty). Afterwards every version is kept, so the review stays whole.
 * Deleting the last version then withdraws the deliverable.
 */
export async function checkWithdrawal(tx: DbOrTx, missionId: string) {
  const reviews = reviewRepository(tx);
  const review = await reviews.findByMission(missionId);
  if (!review) return { withdraw: async () => {} };
  if (review.status !== 'submitted' || (await reviews.commentCount(review.id)) > 0)
    throw conflict(
      'The program team has seen this deliverable, so its versions are kept. Upload a new version instead.',
    );
  return {
    withdraw: async () => {
      if ((await reviews.versions(missionId)).length === 0) await reviews.delete(review.id);
    },
  };
}

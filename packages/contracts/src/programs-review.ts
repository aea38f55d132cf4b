import { z } from 'zod';
import { deliverableSpec, progressStatus } from './programs.js';

/*
 * The review of a mission's deliverable (docs/decisions/004-progress-rules.md "Review"): the founder hands
 * in versions, the program team moves the status and both write in one thread.
 */

/**
 * submitted: a version waits for the program team. in_review: someone is reading it. changes_requested:
 * the founder is asked for a new version. approved: accepted (completes the mission when the program
 * requires approval).
 */
export const reviewStatuses = ['submitted', 'in_review', 'changes_requested', 'approved'] as const;
export const reviewStatus = z.enum(reviewStatuses);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** The statuses a reviewer may move a deliverable to; `submitted` comes only from a founder's new version. */
export const reviewDecisions = ['in_review', 'changes_requested', 'approved'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** Where each status may go by a reviewer's hand; anything else answers 409. Reopening is X → in_review. */
export const reviewMoves: Record<ReviewStatus, readonly ReviewDecision[]> = {
  submitted: ['in_review'],
  in_review: ['approved', 'changes_requested'],
  changes_requested: ['in_review'],
  approved: ['in_review'],
};

export const reviewMessages = {
  review: 'Deliverable review fetched successfully.',
  queue: 'Deliverables fetched successfully.',
  deliverable: 'Deliverable fetched successfully.',
  moved: 'Deliverable status updated successfully.',
  commented: 'Comment added successfully.',
} as const;

/** One handed-in file; versions are numbered from 1 in the order they were handed in. */
export const deliverableVersion = z.object({
  id: z.string(),
  number: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** The caller's download path (the founder's own, or the studio's). */
  downloadUrl: z.string(),
});
export type DeliverableVersion = z.infer<typeof deliverableVersion>;

export const reviewComment = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({
    /** Null when the author's account no longer exists. */
    id: z.string().nullable(),
    name: z.string(),
    /** `founder`: the one who hands in; `team`: a reviewer. */
    role: z.enum(['founder', 'team']),
  }),
});
export type ReviewComment = z.infer<typeof reviewComment>;

/** What the founder sees on the mission's deliverable page; null until something is handed in. */
export const deliverableReview = z.object({
  id: z.string(),
  status: reviewStatus,
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** Newest first. */
  versions: z.array(deliverableVersion),
  /** Oldest first. */
  comments: z.array(reviewComment),
  /** Whether the mission completes on approval rather than on handing in. */
  requiresApproval: z.boolean(),
});
export type DeliverableReview = z.infer<typeof deliverableReview>;

const commentText = z.string().trim().min(1, 'Write a comment').max(5000);
export const commentBody = z.object({ body: commentText }).strict();
export type CommentBody = z.infer<typeof commentBody>;

/** The queue's filter. `cohortId` narrows to one cohort the caller reaches. */
export const reviewQueueQuery = z
  .object({ status: reviewStatus.optional(), cohortId: z.uuid().optional() })
  .strict();
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export const reviewFounder = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  startupName: z.string().nullable(),
});

export const reviewQueueItem = z.object({
  id: z.string(),
  status: reviewStatus,
  founder: reviewFounder,
  cohort: z.object({ id: z.string(), name: z.string() }).nullable(),
  programName: z.string(),
  milestoneName: z.string(),
  missionName: z.string(),
  deliverableTitle: z.string(),
  versionCount: z.number().int(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

/** The studio's review page: the queue row plus every version, the thread and the moves open now. */
export const studioDeliverable = reviewQueueItem.extend({
  missionId: z.string(),
  missionStatus: progressStatus,
  deliverable: deliverableSpec,
  requiresApproval: z.boolean(),
  versions: z.array(deliverableVersion),
  comments: z.array(reviewComment),
  allowedMoves: z.array(z.enum(reviewDecisions)),
});
export type StudioDeliverable = z.infer<typeof studioDeliverable>;

/** Move to a status; changes_requested needs a comment saying what to change (it joins the thread). */
export const moveReviewBody = z
  .object({ status: z.enum(reviewDecisions), comment: commentText.optional() })
  .strict();
export type MoveReviewBody = z.infer<typeof moveReviewBody>;

export const deliverableParams = z.object({ id: z.string() });
export const versionParams = z.object({ id: z.string(), versionId: z.string() });

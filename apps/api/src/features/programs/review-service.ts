import {
  reviewMoves,
  type DeliverableReview,
  type DeliverableVersion,
  type MoveReviewBody,
  type ReviewComment,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  type StudioDeliverable,
} from '@liftoff/contracts/programs-review';
import type { EventOf } from '@liftoff/contracts/events';
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import { settleMission } from './completion.js';
import { membersOf, type Owner } from './owner.js';
import { progressRepository } from './repository.js';
import { reviewRepository, type ReviewReach, type ReviewRow } from './review-repository.js';
import { checkMove } from './review-rules.js';

/** Who reviews: the guard's principal (its id and roles). */
export interface Reviewer {
  userId: string;
  roles: readonly string[];
}

export interface ReviewPerson {
  name: string;
  email: string;
  startupName: string | null;
}

/** What the review publishes after its transaction commits (contracts/events.ts); notifications listen. */
export type ReviewEvent =
  EventOf<'deliverable.reviewed'> | EventOf<'deliverable.commented'> | EventOf<'deliverable.submitted'>;

export interface ReviewAuditEntry {
  actorId: string;
  action: string;
  recordType: string;
  recordId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export interface ReviewServiceDeps {
  db: Db;
  storage: FileStorage;
  /**
   * Which deliverables the reviewer reaches. Managers: the founders of their cohorts (admins all). The
   * seam for the milestone's expert: an expert's reach names their expert key, and the deliverables of
   * milestones they are the expert of come into reach with no change here.
   */
  reach(reviewer: Reviewer): Promise<ReviewReach>;
  /** Names for founders and reviewers (the auth room's users). */
  people(ids: string[]): Promise<Map<string, ReviewPerson>>;
  /** The cohort of each founder, for the queue's cohort column (the cohorts room). */
  cohortsOf(founderIds: string[]): Promise<Map<string, { id: string; name: string }>>;
  /** The founders of one cohort, for the queue's filter. */
  foundersInCohort(cohortId: string): Promise<string[]>;
  publish(event: ReviewEvent): void;
  /** Writes the audit entry inside the action's transaction. */
  audit(entry: ReviewAuditEntry, tx: DbOrTx): Promise<void>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const checkId = (id: string, what: string) => {
  if (!uuidPattern.test(id)) throw notFound(`${what} not found`);
  return id;
};

type VersionRow = Awaited<ReturnType<ReturnType<typeof reviewRepository>['versions']>>[number];
type CommentRow = Awaited<ReturnType<ReturnType<typeof reviewRepository>['comments']>>[number];

const founderDownloadUrl = (missionId: string, id: string) =>
  `/api/userMission/${missionId}/attachments/${id}/download`;
const studioDownloadUrl = (deliverableId: string, id: string) =>
  `/api/studio/deliverables/${deliverableId}/versions/${id}/download`;

/** Newest first, numbered from the first handed in. */
function toVersions(rows: VersionRow[], url: (id: string) => string): DeliverableVersion[] {
  return rows
    .map((row, i) => ({
      id: row.id,
      number: i + 1,
      fileName: row.fileName,
      mimeType: row.mimeType,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
      downloadUrl: url(row.id),
    }))
    .reverse();
}

const FORMER_MEMBER = 'Former member';

export function createReviewService(deps: ReviewServiceDeps) {
  const { db } = deps;

  /** The thread; `startupId`'s members (and whoever wrote as the founder) speak as the founder. */
  async function toComments(
    startupId: string,
    rows: CommentRow[],
    founderId?: string,
  ): Promise<ReviewComment[]> {
    const founders = await membersOf(db, startupId);
    if (founderId) founders.add(founderId);
    const ids = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
    const names = await deps.people(ids);
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
      author: {
        id: row.authorId,
        name: (row.authorId && names.get(row.authorId)?.name) || FORMER_MEMBER,
        role: row.authorId && founders.has(row.authorId) ? 'founder' : 'team',
      },
    }));
  }

  async function toQueueItems(rows: ReviewRow[]): Promise<ReviewQueueItem[]> {
    const founderIds = [...new Set(rows.map((r) => r.userId))];
    const [people, cohorts] = await Promise.all([deps.people(founderIds), deps.cohortsOf(founderIds)]);
    return rows.map((row) => {
      const person = people.get(row.userId);
      return {
        id: row.id,
        status: row.status,
        founder: {
          id: row.userId,
          name: person?.name ?? FORMER_MEMBER,
          email: person?.email ?? '',
          startupName: person?.startupName ?? null,
        },
        cohort: cohorts.get(row.userId) ?? null,
        programName: row.programName,
        milestoneName: row.milestoneName,
        missionName: row.missionName,
        deliverableTitle: row.deliverable?.title ?? row.missionName,
        versionCount: Number(row.versionCount),
        submittedAt: row.submittedAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  const inReach = (reach: ReviewReach, row: ReviewRow) =>
    reach.founderIds === 'all' ||
    reach.founderIds.includes(row.userId) ||
    reach.expertKeys.includes(row.expertKey);

  /** The deliverable if the reviewer reaches it; anything else is simply not found. */
  async function reachable(reviewer: Reviewer, id: string): Promise<ReviewRow> {
    const row = await reviewRepository(db).findWithContext(checkId(id, 'Deliverable'));
    if (!row || !inReach(await deps.reach(reviewer), row)) throw notFound('Deliverable not found');
    return row;
  }

  async function studioView(id: string): Promise<StudioDeliverable> {
    const repo = reviewRepository(db);
    const row = (await repo.findWithContext(id))!;
    const [[item], versions, comments] = await Promise.all([
      toQueueItems([row]),
      repo.versions(row.userMissionId),
      repo.comments(row.id),
    ]);
    return {
      ...item!,
      missionId: row.userMissionId,
      missionStatus: row.missionStatus,
      deliverable: row.deliverable ?? { title: row.missionName, description: '', acceptedHint: '' },
      requiresApproval: row.requiresApproval,
      versions: toVersions(versions, (versionId) => studioDownloadUrl(row.id, versionId)),
      comments: await toComments(row.startupId, comments, row.userId),
      allowedMoves: [...reviewMoves[row.status]],
    };
  }

  const nameOf = async (userId: string) => (await deps.people([userId])).get(userId)?.name ?? 'Someone';
  const titleOf = (row: ReviewRow) => row.deliverable?.title ?? row.missionName;

  const commentedEvent = async (
    row: ReviewRow,
    authorId: string,
    comment: { id: string; body: string },
  ): Promise<ReviewEvent> => ({
    type: 'deliverable.commented',
    deliverableId: row.id,
    founderId: row.userId,
    startupId: row.startupId,
    missionId: row.userMissionId,
    authorId,
    commentId: comment.id,
    authorName: await nameOf(authorId),
    deliverableTitle: titleOf(row),
    body: comment.body,
  });

  return {
    /** The founder's view of their mission's deliverable review; null until something is handed in. */
    async founderReview(startupId: string, missionId: string): Promise<DeliverableReview | null> {
      const mission = await progressRepository(db).missionContext(startupId, checkId(missionId, 'Mission'));
      if (!mission) throw notFound('Mission not found');
      const repo = reviewRepository(db);
      const review = await repo.findByMission(missionId);
      if (!review) return null;
      const [versions, comments] = await Promise.all([repo.versions(missionId), repo.comments(review.id)]);
      return {
        id: review.id,
        status: review.status,
        submittedAt: review.submittedAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
        versions: toVersions(versions, (id) => founderDownloadUrl(missionId, id)),
        comments: await toComments(startupId, comments),
        requiresApproval: mission.requiresApproval,
      };
    },

    /** The founder answers in the thread of their deliverable. */
    async founderComment(owner: Owner, missionId: string, body: string): Promise<ReviewComment> {
      const { startupId, userId } = owner;
      const mission = await progressRepository(db).missionContext(startupId, checkId(missionId, 'Mission'));
      if (!mission) throw notFound('Mission not found');
      const repo = reviewRepository(db);
      const review = await repo.findByMission(missionId);
      if (!review) throw conflict('Hand in your deliverable first; the conversation starts with it.');
      const row = await repo.insertComment({
        deliverableId: review.id,
        authorId: userId,
        body,
        at: new Date(),
      });
      const context = (await repo.findWithContext(review.id))!;
      deps.publish(await commentedEvent(context, userId, row));
      return (await toComments(startupId, [row], userId))[0]!;
    },

    /** Deliverables the reviewer reaches, oldest waiting first. */
    async queue(reviewer: Reviewer, query: ReviewQueueQuery): Promise<ReviewQueueItem[]> {
      const reach = await deps.reach(reviewer);
      const founderIds = query.cohortId ? await deps.foundersInCohort(query.cohortId) : undefined;
      const rows = await reviewRepository(db).queue(reach, {
        ...(query.status ? { status: query.status } : {}),
        ...(founderIds ? { founderIds } : {}),
      });
      return toQueueItems(rows);
    },

    async deliverable(reviewer: Reviewer, id: string): Promise<StudioDeliverable> {
      const row = await reachable(reviewer, id);
      return studioView(row.id);
    },

    /**
     * Moves the status along the state machine. Approval completes the mission when the program requires
     * approval (and its steps are done). A comment given with the move joins the thread.
     */
    async move(reviewer: Reviewer, id: string, body: MoveReviewBody): Promise<StudioDeliverable> {
      const found = await reachable(reviewer, id);
      const now = new Date();
      const commentId = await db.transaction(async (tx) => {
        const repo = reviewRepository(tx);
        const progress = progressRepository(tx);
        // The program lock first, as every progress change takes it, then the review's own row.
        const context = (await progress.missionContext(found.startupId, found.userMissionId))!;
        await progress.lockProgram(context.programId);
        const locked = (await repo.lock(found.id))!;
        checkMove(locked.status, body.status, body.comment);
        await repo.move(locked.id, locked.status, body.status, { reviewerId: reviewer.userId, at: now });
        const comment = body.comment
          ? await repo.insertComment({
              deliverableId: locked.id,
              authorId: reviewer.userId,
              body: body.comment,
              at: now,
            })
          : null;
        if (body.status === 'approved' && context.requiresApproval)
          await settleMission(tx, { ...context, hasDeliverable: true }, now);
        await deps.audit(
          {
            actorId: reviewer.userId,
            action: 'deliverable.status_changed',
            recordType: 'deliverable',
            recordId: locked.id,
            before: { status: locked.status },
            after: { status: body.status, ...(comment ? { commentId: comment.id } : {}) },
          },
          tx,
        );
        return comment?.id ?? null;
      });
      // One event for the move, carrying its comment: each member of the startup hears of it once.
      deps.publish({
        type: 'deliverable.reviewed',
        deliverableId: found.id,
        founderId: found.userId,
        startupId: found.startupId,
        missionId: found.userMissionId,
        missionKey: found.missionKey,
        status: body.status,
        reviewerId: reviewer.userId,
        reviewerName: await nameOf(reviewer.userId),
        deliverableTitle: titleOf(found),
        comment: commentId ? (body.comment ?? null) : null,
      });
      return studioView(found.id);
    },

    async comment(reviewer: Reviewer, id: string, body: string): Promise<ReviewComment> {
      const found = await reachable(reviewer, id);
      const row = await db.transaction(async (tx) => {
        const inserted = await reviewRepository(tx).insertComment({
          deliverableId: found.id,
          authorId: reviewer.userId,
          body,
          at: new Date(),
        });
        await deps.audit(
          {
            actorId: reviewer.userId,
            action: 'deliverable.commented',
            recordType: 'deliverable',
            recordId: found.id,
            after: { commentId: inserted.id },
          },
          tx,
        );
        return inserted;
      });
      deps.publish(await commentedEvent(found, reviewer.userId, row));
      return (await toComments(found.startupId, [row], found.userId))[0]!;
    },

    /** For the dashboard: how many of these founders' deliverables wait for the program team. */
    waitingCount: (founderIds: string[]) => reviewRepository(db).waitingCount(founderIds),

    /** One version's bytes, for a reviewer who reaches the deliverable. */
    async openVersion(
      reviewer: Reviewer,
      id: string,
      versionId: string,
    ): Promise<{ file: { fileName: string; mimeType: string; size: number }; stream: Readable }> {
      const row = await reachable(reviewer, id);
      checkId(versionId, 'Version');
      const version = (await reviewRepository(db).versions(row.userMissionId)).find(
        (v) => v.id === versionId,
      );
      if (!version) throw notFound('Version not found');
      return { file: version, stream: await deps.storage.getStream(version.storageKey) };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;

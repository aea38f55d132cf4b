import type { StudioExpertAnswer } from '@liftoff/contracts/support';
import { promotionMessages } from '@liftoff/contracts/support';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AuditLog } from '../../plugins/audit.js';
import { supportRepository } from './repository.js';

/** An answered expert question as the experts room tells it (structural: nothing is imported). */
export interface AnsweredQuestionLike {
  id: string;
  userId: string;
  missionId: string | null;
  subject: string;
  question: string;
  answer: string;
  expertName: string;
  askedAt: Date;
}

export interface PromotionDeps {
  db: Db;
  audit: Pick<AuditLog, 'record'>;
  /** Answered expert questions (the experts room), all or the given ids. */
  answered: (ids?: string[]) => Promise<AnsweredQuestionLike[]>;
  /** The milestone a founder's mission belongs to (the programs room), or null. */
  milestoneOf: (userId: string, missionId: string) => Promise<{ key: string; name: string } | null>;
}

export type PromotionService = ReturnType<typeof createPromotionService>;

/**
 * The program team promotes answered expert questions into the popular questions of the milestone they were
 * asked from, so every founder at that milestone sees them, and removes them again. Both are audit-logged.
 */
export function createPromotionService(deps: PromotionDeps) {
  const { db } = deps;

  async function view(questions: AnsweredQuestionLike[]): Promise<StudioExpertAnswer[]> {
    const promoted = await supportRepository(db).promotedIds();
    return Promise.all(
      questions.map(async (q) => {
        const milestone = q.missionId
          ? await deps.milestoneOf(q.userId, q.missionId).catch(() => null)
          : null;
        return {
          questionId: q.id,
          subject: q.subject,
          question: q.question,
          answer: q.answer,
          expertName: q.expertName,
          askedAt: q.askedAt.toISOString(),
          milestoneKey: milestone?.key ?? null,
          milestoneName: milestone?.name ?? null,
          promoted: promoted.has(q.id),
        };
      }),
    );
  }

  async function one(id: string): Promise<StudioExpertAnswer> {
    const [found] = await view(await deps.answered([id]));
    if (!found) throw notFound(promotionMessages.notFound);
    return found;
  }

  return {
    list: async () => view(await deps.answered()),

    async promote(actorId: string, id: string): Promise<StudioExpertAnswer> {
      const answer = await one(id);
      if (!answer.milestoneKey)
        throw badRequest(promotionMessages.noMilestone, [
          { path: 'id', message: 'Asked outside a milestone' },
        ]);
      await db.transaction(async (tx) => {
        const added = await supportRepository(tx).promote({
          key: `expert-${id}`,
          milestoneKey: answer.milestoneKey!,
          question: answer.question,
          answer: answer.answer,
          askCount: 0,
          promotedFrom: id,
        });
        if (!added) return;
        await deps.audit.record(
          {
            actorId,
            action: 'popular_question.promoted',
            recordType: 'expert_question',
            recordId: id,
            before: { promoted: false },
            after: { promoted: true, milestoneKey: answer.milestoneKey },
          },
          tx,
        );
      });
      return one(id);
    },

    async remove(actorId: string, id: string): Promise<StudioExpertAnswer> {
      const answer = await one(id);
      await db.transaction(async (tx) => {
        if (!(await supportRepository(tx).demote(id))) return;
        await deps.audit.record(
          {
            actorId,
            action: 'popular_question.removed',
            recordType: 'expert_question',
            recordId: id,
            before: { promoted: true, milestoneKey: answer.milestoneKey },
            after: { promoted: false },
          },
          tx,
        );
      });
      return one(id);
    },
  };
}

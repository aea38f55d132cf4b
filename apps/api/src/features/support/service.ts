import {
  settingTypes,
  supportErrors,
  type Feedback,
  type FeedbackBody,
  type PopularQuestion,
  type Setting,
} from '@liftoff/contracts/support';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound, tooManyRequests } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { supportRepository } from './repository.js';
import type { PopularQuestionRow } from './tables.js';

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  limiter: Limiter;
  log: FastifyBaseLogger;
  supportEmail: string;
  /** The key of the founder's ongoing milestone, or null (app.ts asks the programs feature). */
  currentMilestoneKey: (userId: string) => Promise<string | null>;
}

/** How many popular questions the overview shows. */
export const POPULAR_QUESTIONS_LIMIT = 8;
/** Support messages one account may send per window (on top of the route's per-IP limit). */
export const FEEDBACK_PER_ACCOUNT = { max: 5, windowSeconds: 15 * 60 };

const kindLabel = { CONTACT_US: 'Contact us', TUTORIAL: 'Tutorial' } as const;

const toPopularQuestion = (row: PopularQuestionRow): PopularQuestion => ({
  id: row.id,
  key: row.key,
  milestoneKey: row.milestoneKey,
  question: row.question,
  answer: row.answer,
  askCount: row.askCount,
});

export function createSupportService(deps: SupportDeps) {
  const { db } = deps;
  return {
    /** The most asked questions of the founder's ongoing milestone; the most asked overall when there is none. */
    /**
     * With `include` (a question's key, as the coach's source links carry it), that question comes first even
     * when it belongs to another milestone, so the link opens the exact question; a promoted answer still
     * shows to its own milestone's founders only.
     */
    async popularQuestions(userId: string, include?: string): Promise<PopularQuestion[]> {
      const repo = supportRepository(db);
      const milestoneKey = await deps.currentMilestoneKey(userId).catch(() => null);
      const mine = milestoneKey ? await repo.popularQuestions(milestoneKey, POPULAR_QUESTIONS_LIMIT) : [];
      const rows = mine.length ? mine : await repo.popularQuestions(null, POPULAR_QUESTIONS_LIMIT);
      const asked = include ? await repo.popularQuestionByKey(include) : undefined;
      const visible = asked && (!asked.promotedFrom || asked.milestoneKey === milestoneKey);
      const list = visible ? [asked, ...rows.filter((row) => row.key !== asked.key)] : rows;
      return list.map(toPopularQuestion);
    },

    async setting(type: string): Promise<Setting> {
      const known = (settingTypes as readonly string[]).includes(type);
      const value = known ? await supportRepository(db).setting(type) : undefined;
      if (!value) throw notFound(`${supportErrors.unknownSetting} Known types: ${settingTypes.join(', ')}.`);
      return value;
    },

    /** Stores the message and e-mails it to the support address; limited per account. */
    async sendFeedback(user: { userId: string; email: string }, body: FeedbackBody): Promise<Feedback> {
      const limit = await deps.limiter.hit(
        `feedback:${user.userId}`,
        FEEDBACK_PER_ACCOUNT.max,
        FEEDBACK_PER_ACCOUNT.windowSeconds,
      );
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds, supportErrors.feedbackLimited);
      // The message and its mail to the team are kept together; the outbox sends and retries the mail.
      const row = await db.transaction(async (tx) => {
        const inserted = await supportRepository(tx).insertFeedback({
          userId: user.userId,
          kind: body.kind,
          subject: body.subject,
          message: body.message,
          page: body.page || null,
          email: user.email,
        });
        await deps.mailer.send(
          deps.supportEmail,
          {
            subject: `[${kindLabel[body.kind]}] ${body.subject}`,
            heading: `${kindLabel[body.kind]} message from ${user.email}`,
            paragraphs: [
              `From: ${user.email} (reply to this address)`,
              `Kind: ${body.kind}${body.page ? ` · sent from ${body.page}` : ''}`,
              `Subject: ${body.subject}`,
              body.message,
              `Reference: ${inserted.id}`,
            ],
            footer: 'Sent from the Liftoff support form.',
          },
          [],
          tx,
        );
        return inserted;
      });
      return {
        id: row.id,
        kind: row.kind,
        subject: row.subject,
        message: row.message,
        page: row.page,
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

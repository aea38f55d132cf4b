import type { Setting } from '@liftoff/contracts/support';
import { and, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feedback, popularQuestions, settings, type FeedbackRow, type PopularQuestionRow } from './tables.js';

export type PopularQuestionValues = Pick<
  PopularQuestionRow,
  'key' | 'milestoneKey' | 'question' | 'answer' | 'askCount'
>;

export function supportRepository(db: DbOrTx) {
  return {
    /** Replaces the popular questions with the pack's: upsert by key, remove the others (promoted ones stay). */
    async replacePopularQuestions(values: PopularQuestionValues[]): Promise<void> {
      for (const value of values) {
        await db
          .insert(popularQuestions)
          .values(value)
          .onConflictDoUpdate({
            target: popularQuestions.key,
            set: {
              milestoneKey: sql`excluded.milestone_key`,
              question: sql`excluded.question`,
              answer: sql`excluded.answer`,
              askCount: sql`excluded.ask_count`,
              updatedAt: sql`now()`,
            },
          });
      }
      const keys = values.map((v) => v.key);
      await db
        .delete(popularQuestions)
        .where(
          and(
            isNull(popularQuestions.promotedFrom),
            keys.length ? notInArray(popularQuestions.key, keys) : undefined,
          ),
        );
    },
    /**
     * The milestone's questions, the team's promoted answers first, then most asked; without a milestone the
     * pack's most asked overall (a promoted answer belongs to its milestone's founders only).
     */
    async popularQuestions(milestoneKey: string | null, limit: number): Promise<PopularQuestionRow[]> {
      return db
        .select()
        .from(popularQuestions)
        .where(
          milestoneKey
            ? eq(popularQuestions.milestoneKey, milestoneKey)
            : isNull(popularQuestions.promotedFrom),
        )
        .orderBy(
          desc(sql`${popularQuestions.promotedFrom} is not null`),
          desc(popularQuestions.askCount),
          popularQuestions.key,
        )
        .limit(limit);
    },
    async popularQuestionByKey(key: string): Promise<PopularQuestionRow | undefined> {
      const [row] = await db.select().from(popularQuestions).where(eq(popularQuestions.key, key)).limit(1);
      return row;
    },
    async promotedIds(): Promise<Set<string>> {
      const rows = await db
        .select({ id: popularQuestions.promotedFrom })
        .from(popularQuestions)
        .where(isNotNull(popularQuestions.promotedFrom));
      return new Set(rows.map((row) => row.id!));
    },
    async promote(values: PopularQuestionValues & { promotedFrom: string }): Promise<boolean> {
      const rows = await db
        .insert(popularQuestions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: popularQuestions.id });
      return rows.length > 0;
    },
    async demote(promotedFrom: string): Promise<boolean> {
      const rows = await db
        .delete(popularQuestions)
        .where(eq(popularQuestions.promotedFrom, promotedFrom))
        .returning({ id: popularQuestions.id });
      return rows.length > 0;
    },
    async upsertSetting(value: Setting): Promise<void> {
      await db
        .insert(settings)
        .values({ type: value.type, value })
        .onConflictDoUpdate({
          target: settings.type,
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    },
    async setting(type: string): Promise<Setting | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.type, type));
      return row?.value;
    },
    async insertFeedback(values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
      const [row] = await db.insert(feedback).values(values).returning();
      return row!;
    },
  };
}

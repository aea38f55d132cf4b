import type { Setting } from '@liftoff/contracts/support';
import { desc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feedback, popularQuestions, settings, type FeedbackRow, type PopularQuestionRow } from './tables.js';

export type PopularQuestionValues = Pick<
  PopularQuestionRow,
  'key' | 'milestoneKey' | 'question' | 'answer' | 'askCount'
>;

export function supportRepository(db: DbOrTx) {
  return {
    /** Replaces the popular questions with the pack's: upsert by key, remove the others. */
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
        .where(keys.length ? notInArray(popularQuestions.key, keys) : undefined);
    },
    /** Most asked first; only the milestone's when `milestoneKey` is given. */
    async popularQuestions(milestoneKey: string | null, limit: number): Promise<PopularQuestionRow[]> {
      return db
        .select()
        .from(popularQuestions)
        .where(milestoneKey ? eq(popularQuestions.milestoneKey, milestoneKey) : undefined)
        .orderBy(desc(popularQuestions.askCount), popularQuestions.key)
        .limit(limit);
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

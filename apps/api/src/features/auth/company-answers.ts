import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from './tables.js';

/** Onboarding's answers about the company: the startup's since decision 063, the rest stay the founder's. */
export const companyAnswerKeys = ['startupName', 'stage', 'industry'] as const;
export type CompanyAnswers = { startupName: string; stage: string | null; industry: string | null };

/**
 * Writes the startup's answers into its members' `meta`, where the specification's founder API
 * (`/auth/me`, `/user/{id}/meta`) reads them. The startup is the source: this copy is written by the startups
 * room, through app.ts, in the transaction that changes the startup or its members, and the guard's remembered
 * standing follows it as it follows any write of the row (decision 015).
 */
export function companyAnswersCopy(db: DbOrTx) {
  return {
    async write(userIds: string[], answers: CompanyAnswers) {
      if (!userIds.length) return;
      const kept = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null));
      const removed = Object.entries(answers)
        .filter(([, value]) => value === null)
        .map(([key]) => sql` - ${sql.raw(`'${key}'`)}`);
      await db
        .update(users)
        .set({
          meta: sql`(${users.meta}${sql.join(removed)}) || ${JSON.stringify(kept)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(inArray(users.id, userIds));
    },
  };
}

import type { FeatureFlag, StudioFlag } from '@liftoff/contracts/flags';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { featureFlags } from './tables.js';

export function flagsRepository(db: DbOrTx) {
  return {
    async list(): Promise<FeatureFlag[]> {
      const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
      return rows.map((row) => ({ key: row.key, isEnabled: row.isEnabled }));
    },
    /** Every flag with what it guards, for the studio. */
    async listWithDetails(): Promise<StudioFlag[]> {
      const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
      return rows.map((row) => ({
        key: row.key,
        isEnabled: row.isEnabled,
        description: row.description,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
    async isEnabled(key: string): Promise<boolean> {
      const [row] = await db
        .select({ isEnabled: featureFlags.isEnabled })
        .from(featureFlags)
        .where(eq(featureFlags.key, key));
      return row?.isEnabled ?? false;
    },
    /** Adds the flag with its default; an operator's later choice is never overwritten. */
    async ensure(key: string, isEnabled: boolean, description: string): Promise<void> {
      await db.insert(featureFlags).values({ key, isEnabled, description }).onConflictDoNothing();
    },
    async set(key: string, isEnabled: boolean): Promise<boolean> {
      const rows = await db
        .update(featureFlags)
        .set({ isEnabled, updatedAt: new Date() })
        .where(eq(featureFlags.key, key))
        .returning({ key: featureFlags.key });
      return rows.length > 0;
    },
  };
}

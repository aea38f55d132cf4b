import type { StudioFlag } from '@liftoff/contracts/flags';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { AuditLog } from '../../plugins/audit.js';
import { flagsRepository } from './repository.js';
import { featureFlags } from './tables.js';

/**
 * Switches a flag and writes the audit log in the same transaction, for the studio and the command line
 * alike (actor null there). Switching to the state it already has changes and writes nothing.
 */
export function flagSwitch(deps: { db: Db; audit: Pick<AuditLog, 'record'> }) {
  return async (actorId: string | null, key: string, isEnabled: boolean): Promise<StudioFlag> => {
    const flag = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key)).for('update');
      if (!current) return null;
      if (current.isEnabled !== isEnabled) {
        await flagsRepository(tx).set(key, isEnabled);
        await deps.audit.record(
          {
            actorId,
            action: isEnabled ? 'flag.enabled' : 'flag.disabled',
            recordType: 'feature_flag',
            recordId: key,
            before: { isEnabled: current.isEnabled },
            after: { isEnabled },
          },
          tx,
        );
      }
      const [row] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key));
      return row!;
    });
    if (!flag) throw notFound(`Unknown flag "${key}".`);
    return {
      key: flag.key,
      isEnabled: flag.isEnabled,
      description: flag.description,
      updatedAt: flag.updatedAt.toISOString(),
    };
  };
}
export type FlagSwitch = ReturnType<typeof flagSwitch>;

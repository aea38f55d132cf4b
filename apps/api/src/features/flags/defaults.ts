import { FLAG_WORKSPACE_AI } from '@liftoff/contracts/flags';
import type { DbOrTx } from '../../db/client.js';
import { flagsRepository } from './repository.js';

/** Flags every installation has; seeded on start. */
export const defaultFlags = [
  {
    key: FLAG_WORKSPACE_AI,
    isEnabled: true,
    description: 'The AI workspace: chat with the coach, voice in and out.',
  },
];

export async function seedFlags(db: DbOrTx) {
  const repository = flagsRepository(db);
  for (const flag of defaultFlags) await repository.ensure(flag.key, flag.isEnabled, flag.description);
}

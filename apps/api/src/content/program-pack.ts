import type { Db } from '../db/client.js';
import { importExperts } from '../features/experts/import.js';
import { importPrograms, readPrograms } from '../features/programs/import.js';
import { importSupportContent } from '../features/support/import.js';

/**
 * Imports the experts, then the programs whose milestones name them, then the popular questions (tied to
 * the programs' milestone keys) and settings (composition: no feature imports another). Each importer
 * validates its part of the pack and refuses it with the file and field named. Idempotent; run on API
 * start and by `npm run content:import`.
 */
export async function importProgramPack(db: Db, contentDir: string) {
  const experts = await importExperts(db, contentDir);
  const programs = await importPrograms(db, contentDir, { expertKeys: experts.keys });
  const milestoneKeys = readPrograms(contentDir, experts.keys).flatMap((p) => p.milestones.map((m) => m.key));
  const support = await importSupportContent(db, contentDir, milestoneKeys);
  return { experts: experts.keys.length, programs, ...support };
}

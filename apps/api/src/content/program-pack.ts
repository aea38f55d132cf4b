import type { Db } from '../db/client.js';
import { importExperts } from '../features/experts/import.js';
import { importPrograms } from '../features/programs/import.js';

/**
 * Imports the experts, then the programs whose milestones name them (composition: the programs feature
 * never imports the experts one). Each importer validates its part of the pack and refuses it with the
 * file and field named. Idempotent; run on API start and by `npm run content:import`.
 */
export async function importProgramPack(db: Db, contentDir: string) {
  const experts = await importExperts(db, contentDir);
  const programs = await importPrograms(db, contentDir, { expertKeys: experts.keys });
  return { experts: experts.keys.length, programs };
}

import type { EventOf } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../plugins/storage.js';
import { createContributions } from './contributions.js';
import { createMissionAttachments } from './mission-attachments.js';
import { createProgressReads, type ExpertLookup } from './progress-reads.js';
import { createStepProgress } from './step-progress.js';

export type { ExpertLookup } from './progress-reads.js';
export { checkId, uuidPattern } from './progress-checks.js';

export interface ProgramsDeps {
  db: Db;
  storage: FileStorage;
  appUrl: string;
  findExperts: ExpertLookup;
  /** Tells the program team of a hand-in, after its transaction commits (notifications listen). */
  publish: (event: EventOf<'deliverable.submitted'>) => void;
  /** Names for founders (the auth room's users). */
  people: (ids: string[]) => Promise<Map<string, { name: string }>>;
}

/**
 * A founder's progress through their programs: one object for the routes, composed of reading progress,
 * working through steps, and the missions' files, each in its own module.
 */
export function createProgramsService(deps: ProgramsDeps) {
  return {
    ...createProgressReads(deps),
    ...createStepProgress(deps.db),
    ...createMissionAttachments(deps),
    ...createContributions(deps),
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;

import { createHash } from 'node:crypto';
import {
  type milestoneFile,
  type missionFile,
  type ProgramDocument,
  programDocument,
  type programFile,
  type stepFrontMatter,
} from '@liftoff/contracts/programs-authoring';
import type { z } from 'zod';

/*
 * A program as the importer and the templates store hold it: the pack's document plus the two hashes that
 * decide, by the rules of docs/decisions/004-progress-rules.md, whether a version is new, the same, or
 * changed in its texts only. Shared by the pack reader (import.ts) and the templates repository.
 */

export type ParsedStep = z.infer<typeof stepFrontMatter> & { body: string };
export type ParsedMission = Omit<z.infer<typeof missionFile>, 'steps'> & { steps: ParsedStep[] };
export type ParsedMilestone = Omit<z.infer<typeof milestoneFile>, 'missions'> & { missions: ParsedMission[] };
export type ParsedProgram = Omit<z.infer<typeof programFile>, 'milestones'> & {
  milestones: ParsedMilestone[];
  structureHash: string;
  contentHash: string;
};

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** What, if changed, would reshuffle a user's progress: keys and order, step types, worksheet fields, deliverables. */
export function structureOf(program: Pick<ParsedProgram, 'milestones'>) {
  return program.milestones.map((m) => [
    m.key,
    m.missions.map((mi) => [
      mi.key,
      Boolean(mi.deliverable),
      mi.steps.map((s) => [s.key, s.type, s.worksheet?.fields.map((f) => f.key) ?? null]),
    ]),
  ]);
}

/** A program as the pack describes it, with the hashes the importer compares versions by. */
export function withHashes(document: ProgramDocument): ParsedProgram {
  // The hash is of the JSON text, so fields go in the schema's order whatever order they were stored in
  // (jsonb keeps its own): a document read back from the database hashes as the pack it came from.
  // A pack with problems (already recorded by the reader) keeps its own order: it is refused anyway.
  const parsed = programDocument.safeParse(document);
  const program = parsed.success ? parsed.data : document;
  return {
    ...program,
    structureHash: sha256(structureOf(program)),
    contentHash: sha256(program),
  };
}

/** The program document of a parsed program: the pack's shape, without the hashes. */
export function documentOf(program: ParsedProgram): ProgramDocument {
  const { structureHash: _s, contentHash: _c, ...document } = program;
  return document;
}

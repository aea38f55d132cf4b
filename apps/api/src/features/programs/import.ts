import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import {
  milestoneFile,
  missionFile,
  programFile,
  stepFrontMatter,
  stepRules,
} from '@liftoff/contracts/programs-authoring';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  documentOf,
  withHashes,
  type ParsedMilestone,
  type ParsedMission,
  type ParsedProgram,
  type ParsedStep,
} from './program-document.js';
import { templatesRepository } from './templates-repository.js';

// The studio's publishing (authoring-service.ts) hashes documents as this importer does.
export { withHashes, type ParsedProgram } from './program-document.js';

/*
 * Imports program templates from content/programs/<key>/ (content/README.md is the schema). The pack is
 * validated as a whole first; any problem refuses it with every file and field at fault named.
 * Versioning rules: docs/decisions/004-progress-rules.md.
 */

export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export class ProgramsContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `The program content is invalid:\n${problems.map((p) => `  - ${p.file}: ${p.field}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ProgramsContentError';
  }
}

function fieldOf(issue: z.core.$ZodIssue, key?: string): string {
  const parts = [...issue.path, ...(key ? [key] : [])];
  return (
    parts.reduce<string>(
      (out, part) =>
        typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
      '',
    ) || '(file)'
  );
}

function valueAt(raw: unknown, at: PropertyKey[]): unknown {
  return at.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    raw,
  );
}

class PackReader {
  readonly problems: ContentProblem[] = [];
  constructor(readonly contentDir: string) {}

  problem(file: string, field: string, message: string) {
    this.problems.push({ file, field, message });
  }

  rel(absolute: string) {
    return path.relative(this.contentDir, absolute).split(path.sep).join('/');
  }

  /** Parses and validates one YAML (or front matter) object; null when it has problems (already recorded). */
  validate<T extends z.ZodType>(file: string, raw: unknown, schema: T): z.infer<T> | null {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys')
        for (const key of issue.keys) this.problem(file, fieldOf(issue, key), 'unknown field');
      else
        this.problem(
          file,
          fieldOf(issue),
          valueAt(raw, issue.path) === undefined ? 'required' : issue.message,
        );
    }
    return null;
  }

  yaml(absolute: string): unknown {
    const file = this.rel(absolute);
    if (!existsSync(absolute)) {
      this.problem(file, '(file)', 'missing');
      return undefined;
    }
    try {
      return parseYaml(readFileSync(absolute, 'utf8'));
    } catch (error) {
      this.problem(file, '(yaml)', (error as Error).message.split('\n')[0] ?? 'not valid YAML');
      return undefined;
    }
  }

  contentUrlExists(file: string, field: string, url: string) {
    if (!existsSync(path.join(this.contentDir, url.slice('/api/content/'.length))))
      this.problem(file, field, `no such file: ${url}`);
  }

  /** `NN-key` folder/file names: the key part must equal the item's key. */
  checkOrderedName(file: string, name: string, key: string) {
    const match = /^(\d{2})-(.+?)(\.md)?$/.exec(name);
    if (!match || match[2] !== key) this.problem(file, 'key', `must match the name "${name}" (NN-${key})`);
  }
}

function readStep(reader: PackReader, missionDir: string, name: string): ParsedStep | null {
  const absolute = path.join(missionDir, 'steps', name);
  const file = reader.rel(absolute);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(readFileSync(absolute, 'utf8'));
  } catch (error) {
    reader.problem(
      file,
      '(front matter)',
      (error as Error).message.split('\n')[0] ?? 'not valid front matter',
    );
    return null;
  }
  const data = reader.validate(file, parsed.data, stepFrontMatter);
  if (!data) return null;
  reader.checkOrderedName(file, name, data.key);
  for (const problem of stepRules({ ...data, body: parsed.content }))
    reader.problem(
      file,
      problem.field === 'body' ? '(body)' : problem.field.replace(/\.(\d+)/g, '[$1]'),
      problem.message,
    );
  const template = data.worksheet?.template;
  if (
    template &&
    (template.includes('/') || !existsSync(path.join(reader.contentDir, 'templates', template)))
  ) {
    reader.problem(file, 'worksheet.template', `no such file in templates/: ${template}`);
  }
  return { ...data, body: parsed.content.trim() };
}

function readMission(reader: PackReader, milestoneDir: string, name: string): ParsedMission | null {
  const dir = path.join(milestoneDir, 'missions', name);
  const file = reader.rel(path.join(dir, 'mission.yaml'));
  const raw = reader.yaml(path.join(dir, 'mission.yaml'));
  if (raw === undefined) return null;
  const data = reader.validate(file, raw, missionFile);
  if (!data) return null;
  reader.checkOrderedName(file, name, data.key);
  const stepsDir = path.join(dir, 'steps');
  const present = existsSync(stepsDir) ? readdirSync(stepsDir).filter((n) => n.endsWith('.md')) : [];
  const steps: ParsedStep[] = [];
  const keys = new Set<string>();
  data.steps.forEach((stepName, i) => {
    if (!present.includes(stepName)) {
      reader.problem(file, `steps[${i}]`, `no such file: ${reader.rel(path.join(stepsDir, stepName))}`);
      return;
    }
    const step = readStep(reader, dir, stepName);
    if (!step) return;
    if (keys.has(step.key))
      reader.problem(
        reader.rel(path.join(stepsDir, stepName)),
        'key',
        `duplicate step key "${step.key}" in the mission`,
      );
    keys.add(step.key);
    steps.push(step);
  });
  for (const extra of present.filter((n) => !data.steps.includes(n)))
    reader.problem(file, 'steps', `does not list ${reader.rel(path.join(stepsDir, extra))}`);
  return { ...data, steps };
}

function readMilestone(
  reader: PackReader,
  programDir: string,
  name: string,
  expertKeys: ReadonlySet<string>,
): ParsedMilestone | null {
  const dir = path.join(programDir, 'milestones', name);
  const file = reader.rel(path.join(dir, 'milestone.yaml'));
  const raw = reader.yaml(path.join(dir, 'milestone.yaml'));
  if (raw === undefined) return null;
  const data = reader.validate(file, raw, milestoneFile);
  if (!data) return null;
  reader.checkOrderedName(file, name, data.key);
  reader.contentUrlExists(file, 'iconUrl', data.iconUrl);
  reader.contentUrlExists(file, 'secondaryIconUrl', data.secondaryIconUrl);
  if (!expertKeys.has(data.expert))
    reader.problem(file, 'expert', `unknown expert "${data.expert}" (no experts/${data.expert}.yaml)`);
  const missions: ParsedMission[] = [];
  const keys = new Set<string>();
  data.missions.forEach((missionName, i) => {
    if (!existsSync(path.join(dir, 'missions', missionName))) {
      reader.problem(
        file,
        `missions[${i}]`,
        `no such folder: ${reader.rel(path.join(dir, 'missions', missionName))}`,
      );
      return;
    }
    const mission = readMission(reader, dir, missionName);
    if (!mission) return;
    if (keys.has(mission.key))
      reader.problem(file, `missions[${i}]`, `duplicate mission key "${mission.key}"`);
    keys.add(mission.key);
    missions.push(mission);
  });
  return { ...data, missions };
}

function readProgram(reader: PackReader, dir: string, expertKeys: ReadonlySet<string>): ParsedProgram | null {
  const file = reader.rel(path.join(dir, 'program.yaml'));
  const raw = reader.yaml(path.join(dir, 'program.yaml'));
  if (raw === undefined) return null;
  const data = reader.validate(file, raw, programFile);
  if (!data) return null;
  if (data.key !== path.basename(dir))
    reader.problem(file, 'key', `must equal the folder name "${path.basename(dir)}"`);
  reader.contentUrlExists(file, 'iconUrl', data.iconUrl);
  reader.contentUrlExists(file, 'secondaryIconUrl', data.secondaryIconUrl);
  const milestones: ParsedMilestone[] = [];
  const keys = new Set<string>();
  data.milestones.forEach((name, i) => {
    if (!existsSync(path.join(dir, 'milestones', name))) {
      reader.problem(
        file,
        `milestones[${i}]`,
        `no such folder: ${reader.rel(path.join(dir, 'milestones', name))}`,
      );
      return;
    }
    const milestone = readMilestone(reader, dir, name, expertKeys);
    if (!milestone) return;
    if (keys.has(milestone.key))
      reader.problem(file, `milestones[${i}]`, `duplicate milestone key "${milestone.key}"`);
    keys.add(milestone.key);
    milestones.push(milestone);
  });
  const { milestones: _names, ...rest } = data;
  return withHashes({ ...rest, milestones });
}

/**
 * Reads and validates every program of the pack. `expertKeys` are the experts the milestones may name
 * (the experts feature's keys, handed over by the composition in app.ts / the import CLI).
 */
export function readPrograms(contentDir: string, expertKeys: Iterable<string>): ParsedProgram[] {
  const reader = new PackReader(contentDir);
  const root = path.join(contentDir, 'programs');
  const known = new Set(expertKeys);
  const programs: ParsedProgram[] = [];
  const folders = existsSync(root)
    ? readdirSync(root)
        .filter((n) => statSync(path.join(root, n)).isDirectory())
        .sort()
    : [];
  for (const folder of folders) {
    const program = readProgram(reader, path.join(root, folder), known);
    if (program) programs.push(program);
  }
  const defaults = programs.filter((p) => p.default);
  if (programs.length && defaults.length !== 1) {
    reader.problem(
      'programs',
      'default',
      `exactly one program must have default: true (found ${defaults.length})`,
    );
  }
  if (reader.problems.length) throw new ProgramsContentError(reader.problems);
  return programs;
}

export interface ProgramImportResult {
  key: string;
  version: number;
  outcome: 'created' | 'unchanged' | 'texts-updated';
}

/** Validates the pack, then stores each program version (idempotent per version; see decision record 004). */
export async function importPrograms(
  db: Db,
  contentDir: string,
  options: { expertKeys: Iterable<string> },
): Promise<ProgramImportResult[]> {
  const programs = readPrograms(contentDir, options.expertKeys);
  const results: ProgramImportResult[] = [];
  await db.transaction(async (tx) => {
    for (const program of programs) results.push(await storeProgramVersion(tx, program));
  });
  return results;
}

/**
 * Stores one program version by the rules of decision 004: new rows for a new (key, version), nothing for
 * the same content, texts in place for the same structure, refused for another structure. The pack import
 * and the studio's publishing both store versions through here.
 */
export async function storeProgramVersion(
  tx: DbOrTx,
  program: ParsedProgram,
  publication?: { summary: string; publishedBy: string },
): Promise<ProgramImportResult> {
  const templates = templatesRepository(tx);
  const existing = await templates.findProgramVersion(program.key, program.version);
  let outcome: ProgramImportResult['outcome'];
  if (!existing) {
    await templates.insertProgram(program, publication);
    outcome = 'created';
  } else if (existing.contentHash === program.contentHash) {
    // Versions stored before documents were kept get theirs now, so they can be exported.
    if (!existing.document) await templates.keepDocument(existing.id, documentOf(program));
    outcome = 'unchanged';
  } else if (existing.structureHash === program.structureHash) {
    await templates.updateTexts(existing.id, program);
    outcome = 'texts-updated';
  } else {
    throw new ProgramsContentError([
      {
        file: `programs/${program.key}/program.yaml`,
        field: 'version',
        message: `milestones, missions or steps changed since version ${program.version} was imported; raise the version so enrolled founders keep theirs`,
      },
    ]);
  }
  await templates.setDefault(program.key, program.default);
  return { key: program.key, version: program.version, outcome };
}

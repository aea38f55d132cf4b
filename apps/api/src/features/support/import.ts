import { setting, type Setting } from '@liftoff/contracts/support';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { supportRepository, type PopularQuestionValues } from './repository.js';

/** One thing wrong in the content pack: the file (relative to the pack) and the field at fault. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export class SupportContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `The support content is invalid:\n${problems.map((p) => `  - ${p.file}: ${p.field}: ${p.message}`).join('\n')}`,
    );
    this.name = 'SupportContentError';
  }
}

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');

/** One item of content/popular-questions.yaml (content README). */
export const popularQuestionFile = z
  .object({
    key: kebab,
    milestone: z.string().min(1),
    question: z.string().min(1),
    answer: z.string().min(1),
    askCount: z.number().int().min(0),
  })
  .strict();

function zodProblems(file: string, error: z.ZodError, prefix: (string | number)[] = []): ContentProblem[] {
  return error.issues.flatMap((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => ({
      file,
      field: [...prefix, ...issue.path.map(String), ...(key ? [key] : [])].join('.') || '(file)',
      message: key ? 'unknown field' : issue.message,
    }));
  });
}

function readYaml(contentDir: string, file: string, problems: ContentProblem[]): unknown {
  try {
    return parseYaml(readFileSync(path.join(contentDir, file), 'utf8'));
  } catch (error) {
    problems.push({
      file,
      field: '(yaml)',
      message: (error as Error).message.split('\n')[0] ?? 'not valid YAML',
    });
    return undefined;
  }
}

export interface SupportContent {
  questions: PopularQuestionValues[];
  settings: Setting[];
}

/**
 * Reads and validates popular-questions.yaml and settings/*.yaml; throws `SupportContentError` naming each
 * file and field at fault. `milestoneKeys` are the pack's milestone keys (a question must name one).
 */
export function readSupportContent(contentDir: string, milestoneKeys: Iterable<string>): SupportContent {
  const problems: ContentProblem[] = [];
  const milestones = new Set(milestoneKeys);
  const questions: PopularQuestionValues[] = [];

  const questionsFile = 'popular-questions.yaml';
  if (existsSync(path.join(contentDir, questionsFile))) {
    const raw = readYaml(contentDir, questionsFile, problems);
    const list = z.array(z.unknown()).safeParse(raw ?? []);
    if (!list.success)
      problems.push({ file: questionsFile, field: '(file)', message: 'must be a YAML list' });
    const seen = new Set<string>();
    (list.data ?? []).forEach((item, index) => {
      const parsed = popularQuestionFile.safeParse(item);
      if (!parsed.success) return void problems.push(...zodProblems(questionsFile, parsed.error, [index]));
      const q = parsed.data;
      if (seen.has(q.key))
        problems.push({ file: questionsFile, field: `${index}.key`, message: `"${q.key}" is used twice` });
      seen.add(q.key);
      if (!milestones.has(q.milestone)) {
        problems.push({
          file: questionsFile,
          field: `${index}.milestone`,
          message: `no milestone "${q.milestone}" in the pack`,
        });
      }
      questions.push({
        key: q.key,
        milestoneKey: q.milestone,
        question: q.question,
        answer: q.answer.trim(),
        askCount: q.askCount,
      });
    });
  }

  const settings: Setting[] = [];
  const folder = path.join(contentDir, 'settings');
  const types = new Map<string, string>();
  const files = existsSync(folder)
    ? readdirSync(folder)
        .filter((n) => n.endsWith('.yaml'))
        .sort()
    : [];
  for (const name of files) {
    const file = `settings/${name}`;
    const raw = readYaml(contentDir, file, problems);
    if (raw === undefined) continue;
    const parsed = setting.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(file, parsed.error));
      continue;
    }
    const value = parsed.data;
    const other = types.get(value.type);
    if (other)
      problems.push({ file, field: 'type', message: `${value.type} is already defined in ${other}` });
    types.set(value.type, file);
    if (value.type === 'CONTACT_US') {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value.hours.timezone });
      } catch {
        problems.push({
          file,
          field: 'hours.timezone',
          message: `"${value.hours.timezone}" is not an IANA time zone`,
        });
      }
    } else {
      const orders = new Set<number>();
      value.items.forEach((item, index) => {
        if (orders.has(item.order))
          problems.push({
            file,
            field: `items.${index}.order`,
            message: `order ${item.order} is used twice`,
          });
        orders.add(item.order);
        const url = item.media.url;
        if (
          url.startsWith('/api/content/') &&
          !existsSync(path.join(contentDir, url.slice('/api/content/'.length)))
        ) {
          problems.push({ file, field: `items.${index}.media.url`, message: `no such file: ${url}` });
        } else if (!url.startsWith('/api/content/') && !url.startsWith('https://')) {
          problems.push({
            file,
            field: `items.${index}.media.url`,
            message: 'must be /api/content/... or https://',
          });
        }
      });
      value.items.sort((a, b) => a.order - b.order);
    }
    settings.push(value);
  }

  if (problems.length) throw new SupportContentError(problems);
  return { questions, settings };
}

/** Imports popular questions and settings (idempotent); run on API start and by `npm run content:import`. */
export async function importSupportContent(db: Db, contentDir: string, milestoneKeys: Iterable<string>) {
  const content = readSupportContent(contentDir, milestoneKeys);
  await db.transaction(async (tx) => {
    const repository = supportRepository(tx);
    await repository.replacePopularQuestions(content.questions);
    for (const value of content.settings) await repository.upsertSetting(value);
  });
  return { popularQuestions: content.questions.length, settings: content.settings.map((s) => s.type) };
}

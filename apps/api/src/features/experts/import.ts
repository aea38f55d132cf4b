import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { availabilitySchema } from './availability.js';
import { expertsRepository, type ExpertValues } from './repository.js';

/** One thing wrong in the content pack: the file (relative to the pack) and the field at fault. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export class ExpertsContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `The experts content is invalid:\n${problems.map((p) => `  - ${p.file}: ${p.field}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ExpertsContentError';
  }
}

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');

/** content/experts/<key>.yaml as the content README describes it (availability: availability.ts). */
export const expertFileSchema = z
  .object({
    key: kebab,
    authType: z.literal('EMAIL'),
    email: z.email(),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    gender: z.enum(['FEMALE', 'MALE', 'OTHER']),
    phoneNumber: z.string().min(1),
    profileImage: z.string().startsWith('/api/content/'),
    expertMeta: z
      .object({
        headline: z.string().min(1),
        bio: z.string().min(1),
        expertise: z.array(z.string().min(1)).min(1),
        linkedin: z.url(),
        languages: z.array(z.string().min(1)).min(1),
      })
      .strict(),
    bookingUrl: z.url().optional(),
    availability: availabilitySchema,
  })
  .strict();

const issuePath = (issue: z.core.$ZodIssue, extra?: string) =>
  [...issue.path.map(String), ...(extra ? [extra] : [])].join('.') || '(file)';

/** Reads and validates every expert file; throws `ExpertsContentError` naming each file and field at fault. */
export function readExperts(contentDir: string): ExpertValues[] {
  const folder = path.join(contentDir, 'experts');
  if (!existsSync(folder)) return [];
  const problems: ContentProblem[] = [];
  const values: ExpertValues[] = [];
  const emails = new Map<string, string>();
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const file = `experts/${name}`;
    let raw: unknown;
    try {
      raw = parseYaml(readFileSync(path.join(folder, name), 'utf8'));
    } catch (error) {
      problems.push({
        file,
        field: '(yaml)',
        message: (error as Error).message.split('\n')[0] ?? 'not valid YAML',
      });
      continue;
    }
    const parsed = expertFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
        for (const key of keys)
          problems.push({
            file,
            field: issuePath(issue, key),
            message: key ? 'unknown field' : issue.message,
          });
      }
      continue;
    }
    const data = parsed.data;
    if (`${data.key}.yaml` !== name)
      problems.push({
        file,
        field: 'key',
        message: `must equal the file name (${name.replace(/\.yaml$/, '')})`,
      });
    if (!existsSync(path.join(contentDir, data.profileImage.slice('/api/content/'.length)))) {
      problems.push({ file, field: 'profileImage', message: `no such file: ${data.profileImage}` });
    }
    const other = emails.get(data.email.toLowerCase());
    if (other) problems.push({ file, field: 'email', message: `already used by ${other}` });
    emails.set(data.email.toLowerCase(), file);
    values.push({
      key: data.key,
      authType: data.authType,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      gender: data.gender,
      phoneNumber: data.phoneNumber,
      profileImageUrl: data.profileImage,
      expertMeta: data.expertMeta,
      bookingUrl: data.bookingUrl ?? null,
      availability: data.availability,
    });
  }
  if (problems.length) throw new ExpertsContentError(problems);
  return values;
}

/** Upserts the pack's experts by key (idempotent); returns the keys the pack holds. */
export async function importExperts(db: Db, contentDir: string): Promise<{ keys: string[] }> {
  const values = readExperts(contentDir);
  await db.transaction(async (tx) => {
    const repository = expertsRepository(tx);
    for (const expert of values) await repository.upsert(expert);
  });
  return { keys: values.map((v) => v.key) };
}

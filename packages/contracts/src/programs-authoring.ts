import { z } from 'zod';

/*
 * The content pack's schema (apps/api/content/README.md), shared by the file importer and the studio's
 * program editor so both refuse the same things with the same field named. The files list their children by
 * folder/file name; a program document (a draft, an export) nests the children themselves in the same
 * places. Publishing and moving founders: docs/decisions/042-publishing-a-program-version.md.
 */

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');
// A pattern rather than `.startsWith`, which the JSON Schema carries as a format no validator knows.
const contentUrl = z.string().regex(/^\/api\/content\//, 'must start with /api/content/');

/** How many children each level holds; one rule for the files and the documents. */
const milestonesOf = <T extends z.ZodType>(item: T) => z.array(item).min(1);
const missionsOf = <T extends z.ZodType>(item: T) => z.array(item).min(2).max(4);
const stepsOf = <T extends z.ZodType>(item: T) => z.array(item).min(3).max(6);

const programFields = {
  key: kebab,
  version: z.number().int().min(1),
  name: z.string().min(1),
  default: z.boolean(),
  summary: z.string().min(1),
  iconUrl: contentUrl,
  secondaryIconUrl: contentUrl,
  /** Optional: the program closes this many days after enrolment (unfinished parts become INCOMPLETED). */
  durationDays: z.number().int().min(1).optional(),
  /** Optional: missions with a deliverable complete only when the program team approves it. */
  requiresApproval: z.boolean().optional(),
};

const milestoneFields = {
  key: kebab,
  name: z.string().min(1),
  overviewSubtitle: z.string().min(1),
  description: z.string().min(1),
  outcome: z.object({ title: z.string().min(1), description: z.string().min(1) }).strict(),
  iconUrl: contentUrl,
  secondaryIconUrl: contentUrl,
  expert: kebab,
};

const missionFields = {
  key: kebab,
  name: z.string().min(1),
  summary: z.string().min(1),
  estimatedMinutes: z.number().int().min(1),
  deliverable: z
    .object({ title: z.string().min(1), description: z.string().min(1), acceptedHint: z.string().min(1) })
    .strict()
    .optional(),
};

const stepFields = {
  key: kebab,
  title: z.string().min(1),
  type: z.enum(['CONTENT', 'TOOL']),
  estimatedMinutes: z.number().int().min(1),
  worksheet: z
    .object({
      fields: z
        .array(
          z
            .object({
              key: kebab,
              label: z.string().min(1),
              kind: z.enum(['text', 'textarea', 'number']),
              help: z.string(),
              /** The step cannot be marked done while this field is empty (decision 004). */
              required: z.boolean().optional(),
            })
            .strict(),
        )
        .min(1),
      template: z.string().min(1).optional(),
    })
    .strict()
    .optional(),
};

/* The files of the pack: program.yaml, milestone.yaml, mission.yaml and a step's front matter. */
export const programFile = z
  .object({ ...programFields, milestones: milestonesOf(z.string().min(1)) })
  .strict();
export const milestoneFile = z
  .object({ ...milestoneFields, missions: missionsOf(z.string().min(1)) })
  .strict();
export const missionFile = z.object({ ...missionFields, steps: stepsOf(z.string().min(1)) }).strict();
export const stepFrontMatter = z.object(stepFields).strict();

export interface StepRuleProblem {
  field: string;
  message: string;
}

/** The rules of one step beyond its fields' shapes; paths are relative to the step. */
export function stepRules(step: z.infer<typeof stepFrontMatter> & { body?: string }): StepRuleProblem[] {
  const problems: StepRuleProblem[] = [];
  if (step.type === 'TOOL' && !step.worksheet)
    problems.push({ field: 'worksheet', message: 'required for a TOOL step' });
  if (step.type === 'CONTENT' && step.worksheet)
    problems.push({ field: 'worksheet', message: 'must be absent for a CONTENT step' });
  const fieldKeys = new Set<string>();
  step.worksheet?.fields.forEach((field, i) => {
    if (fieldKeys.has(field.key))
      problems.push({ field: `worksheet.fields.${i}.key`, message: `duplicate key "${field.key}"` });
    fieldKeys.add(field.key);
  });
  if (step.body !== undefined && !step.body.trim())
    problems.push({ field: 'body', message: 'the step has no Markdown body' });
  return problems;
}

/** Refuses a second child with the same key, at the duplicate's own key. */
function uniqueKeys(items: { key: string }[], what: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.key))
      ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `duplicate ${what} key "${item.key}"` });
    seen.add(item.key);
  });
}

/* A program document: the pack's files nested, the step's Markdown as `body`. */
export const stepDocument = z
  .object({ ...stepFields, body: z.string() })
  .strict()
  .superRefine((step, ctx) => {
    for (const problem of stepRules(step))
      ctx.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
  });
export const missionDocument = z
  .object({
    ...missionFields,
    steps: stepsOf(stepDocument).superRefine((steps, ctx) => uniqueKeys(steps, 'step', ctx)),
  })
  .strict();
export const milestoneDocument = z
  .object({
    ...milestoneFields,
    missions: missionsOf(missionDocument).superRefine((missions, ctx) =>
      uniqueKeys(missions, 'mission', ctx),
    ),
  })
  .strict();
export const programDocument = z
  .object({
    ...programFields,
    milestones: milestonesOf(milestoneDocument).superRefine((milestones, ctx) =>
      uniqueKeys(milestones, 'milestone', ctx),
    ),
  })
  .strict();
export type ProgramDocument = z.infer<typeof programDocument>;

const exampleStep = (key: string) => ({
  key,
  title: 'Talk to five people who have the problem',
  type: 'CONTENT' as const,
  estimatedMinutes: 15,
  body: 'Ask about the **last time** it happened, not about your idea.',
});
const exampleMission = (key: string) => ({
  key,
  name: 'Frame the problem',
  summary: 'Say whose problem it is and what it costs them.',
  estimatedMinutes: 45,
  steps: ['listen', 'write-it-down', 'check-it'].map(exampleStep),
});
/** A small program document, for the API description. */
export const exampleProgram: ProgramDocument = {
  key: 'venture-foundations',
  version: 2,
  name: 'Venture Foundations',
  default: true,
  summary: 'From an idea to paying customers.',
  iconUrl: '/api/content/icons/venture-foundations.svg',
  secondaryIconUrl: '/api/content/icons/venture-foundations-secondary.svg',
  milestones: [
    {
      key: 'problem-discovery',
      name: 'Problem & Customer Discovery',
      overviewSubtitle: 'Find a painful problem',
      description: 'Find a painful problem and the people who have it worst.',
      outcome: { title: 'A problem worth solving', description: 'Evidence that people pay to fix it.' },
      iconUrl: '/api/content/icons/problem-discovery.svg',
      secondaryIconUrl: '/api/content/icons/problem-discovery-secondary.svg',
      expert: 'maya-okafor',
      missions: [exampleMission('frame-the-problem'), exampleMission('customer-interviews')],
    },
  ],
};
/** The body of a draft save: a whole document. */
export const programDocumentBody = programDocument.meta({ examples: [exampleProgram] });

export const programKeyParams = z.object({ key: kebab });
export const programVersionParams = z.object({ key: kebab, version: z.coerce.number().int().min(1) });

/** The draft of a program: the document the studio edits, and the published version it started from. */
export const programDraft = z.object({
  key: z.string(),
  basedOnVersion: z.number().int(),
  document: programDocument,
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ProgramDraft = z.infer<typeof programDraft>;

export const publishBody = z.object({
  /** What changed, for the team and the founders' history; required. */
  summary: z.string().trim().min(1).max(2000),
});

/** One published version of a program. `summary` is null for versions imported from the pack's files. */
export const programVersion = z.object({
  key: z.string(),
  version: z.number().int(),
  name: z.string(),
  contentHash: z.string(),
  structureHash: z.string(),
  changeSummary: z.string().nullable(),
  /** The name of who published it; null for versions imported from files. */
  publishedBy: z.string().nullable(),
  publishedAt: z.string(),
  /** Founders enrolled in this version now. */
  founders: z.number().int(),
});
export type ProgramVersion = z.infer<typeof programVersion>;

/** What publishing did: the new version and how many founders moved to it. */
export const publishResult = z.object({
  version: programVersion,
  foundersMoved: z.number().int(),
});

/** A version as a content pack: the program document plus the hash the importer gives it. */
export const programPack = z.object({
  format: z.literal('liftoff-program-pack/1'),
  contentHash: z.string(),
  program: programDocument,
});

/**
 * Imports a pack: as the draft (replacing it), or as a version. A version already stored with the same
 * content is answered as it is (re-importing is idempotent); a new version number publishes it.
 */
export const importPackBody = z
  .object({
    as: z.enum(['draft', 'version']),
    program: programDocument,
    /** Required when importing as a new version. */
    summary: z.string().trim().min(1).max(2000).optional(),
  })
  // Replayed as is, the example must change nothing founders see: a draft of a program nobody follows.
  .meta({
    examples: [
      {
        as: 'draft',
        program: { ...exampleProgram, key: 'example-program', name: 'Example program', default: false },
      },
    ],
  });
export const importPackResult = z.object({
  outcome: z.enum(['draft', 'created', 'unchanged']),
  contentHash: z.string(),
  version: programVersion.nullable(),
  foundersMoved: z.number().int(),
});

export const authoringMessages = {
  draft: 'Program draft fetched successfully.',
  draftSaved: 'Program draft saved successfully.',
  published: 'Program version published successfully.',
  versions: 'Program versions fetched successfully.',
  exported: 'Program version exported successfully.',
  imported: 'Program pack imported successfully.',
} as const;

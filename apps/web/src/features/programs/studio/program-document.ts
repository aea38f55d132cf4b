import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';

/*
 * Editing a program document as the API takes it: whole, immutably, addressed by the same dotted paths the
 * API names in its field errors (`milestones.0.missions.1.steps.2.title`), so an error lands on its field.
 */

export type Milestone = ProgramDocument['milestones'][number];
export type Mission = Milestone['missions'][number];
export type Step = Mission['steps'][number];
export type WorksheetField = NonNullable<Step['worksheet']>['fields'][number];

/** A node of the tree: [] the program, [m] a milestone, [m, i] a mission, [m, i, s] a step. */
export type NodeAddress = number[];

const LEVELS = ['milestones', 'missions', 'steps'] as const;
export const LEVEL_NAMES = ['milestone', 'mission', 'step'] as const;

/** The dotted path of a node (`milestones.0.missions.1`); '' for the program. */
export const pathOf = (address: NodeAddress) =>
  address.map((index, depth) => `${LEVELS[depth]}.${index}`).join('.');

/** The node a field error belongs to: `milestones.0.missions.1.steps.2.title` → [0, 1, 2]. */
export function addressOf(path: string): NodeAddress {
  const match = /^(?:milestones\.(\d+))?(?:\.missions\.(\d+))?(?:\.steps\.(\d+))?/.exec(path);
  return (match ? match.slice(1) : []).filter((part) => part !== undefined).map(Number);
}

/** A field of a node: `join('milestones.0', 'name')` → `milestones.0.name`. */
export const join = (...parts: (string | number)[]) => parts.filter((part) => part !== '').join('.');

export function getIn(value: unknown, path: string): unknown {
  if (!path) return value;
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], value);
}

/** A copy with `value` at `path`; `undefined` removes an optional field. */
export function setIn<T>(value: T, path: string, next: unknown): T {
  if (!path) return next as T;
  const [head = '', ...rest] = path.split('.');
  const child = setIn((value as Record<string, unknown>)[head], rest.join('.'), next);
  if (Array.isArray(value)) return value.map((item, i) => (i === Number(head) ? child : item)) as T;
  const copy = { ...(value as Record<string, unknown>), [head]: child };
  if (child === undefined) delete copy[head];
  return copy as T;
}

/** Moves the item at `path` (an array index path) to index `to` of its list; the others close up. */
export function moveTo<T>(doc: T, path: string, to: number): T {
  const parts = path.split('.');
  const index = Number(parts.pop());
  const listPath = parts.join('.');
  const list = getIn(doc, listPath) as unknown[];
  if (to < 0 || to >= list.length || to === index) return doc;
  const next = list.filter((_, i) => i !== index);
  next.splice(to, 0, list[index]);
  return setIn(doc, listPath, next);
}

/** Moves the item at `path` one place up or down; no change past either end. */
export const moveIn = <T>(doc: T, path: string, by: -1 | 1): T =>
  moveTo(doc, path, Number(path.split('.').pop()) + by);

export function removeIn<T>(doc: T, path: string): T {
  const parts = path.split('.');
  const index = Number(parts.pop());
  const listPath = parts.join('.');
  return setIn(
    doc,
    listPath,
    (getIn(doc, listPath) as unknown[]).filter((_, i) => i !== index),
  );
}

export function appendIn<T>(doc: T, listPath: string, item: unknown): T {
  return setIn(doc, listPath, [...((getIn(doc, listPath) as unknown[] | undefined) ?? []), item]);
}

/** A key not yet used among `items` (`new-step`, `new-step-2`, …): keys must be unique and kebab-case. */
export function freshKey(items: { key: string }[], stem: string): string {
  const taken = new Set(items.map((item) => item.key));
  for (let n = 1; ; n++) {
    const key = n === 1 ? stem : `${stem}-${n}`;
    if (!taken.has(key)) return key;
  }
}

export const newStep = (key: string): Step => ({
  key,
  title: 'New step',
  type: 'CONTENT',
  estimatedMinutes: 10,
  body: 'Write what the founder does in this step.',
});

export const newWorksheetField = (key: string): WorksheetField => ({
  key,
  label: 'New field',
  kind: 'text',
  help: '',
});

export const newMission = (key: string): Mission => ({
  key,
  name: 'New mission',
  summary: 'What the founder achieves in this mission.',
  estimatedMinutes: 30,
  // A mission holds three to six steps (the pack's rule), so it starts with three.
  steps: ['first-step', 'second-step', 'third-step'].map(newStep),
});

export const newMilestone = (key: string, like: Milestone | undefined): Milestone => ({
  key,
  name: 'New milestone',
  overviewSubtitle: 'What this milestone is about',
  description: 'What the founder achieves in this milestone.',
  outcome: { title: 'The outcome', description: 'What the founder has at the end.' },
  // Icons and expert start as the previous milestone's, since a new one has no files of its own yet.
  iconUrl: like?.iconUrl ?? '/api/content/icons/',
  secondaryIconUrl: like?.secondaryIconUrl ?? '/api/content/icons/',
  expert: like?.expert ?? '',
  // A milestone holds two to four missions.
  missions: [newMission('first-mission'), newMission('second-mission')],
});

/** The API's field errors by path; `details` of a 400. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  const details = (error as { details?: { path: string; message: string }[] } | undefined)?.details ?? [];
  return Object.fromEntries(details.map((detail) => [detail.path, detail.message]));
}

/**
 * Whether a tree node has an error of its own or in a child's field; the program node counts only its own
 * fields, so it does not light up for every error below it.
 */
export const hasErrorUnder = (errors: FieldErrors, path: string) =>
  Object.keys(errors).some((key) =>
    path ? key === path || key.startsWith(`${path}.`) : !key.startsWith('milestones.'),
  );

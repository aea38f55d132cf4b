/**
 * An example request body made from its JSON schema, for bodies whose contract gives none
 * (`.meta({ examples: [...] })` on the zod schema wins). It satisfies the schema's own rules (the document
 * lint checks every example against its schema); where it cannot (a pattern no stock value matches) it
 * gives nothing, and the document test asks for an explicit example.
 */
type Schema = Record<string, unknown>;

/** Readable values for common field names, used when they satisfy the field's schema. */
const byName: Record<string, unknown> = {
  email: 'founder@example.com',
  password: 'Launch-day-2026!',
  newPassword: 'Launch-day-2026!',
  currentPassword: 'Prototype-2025?',
  firstName: 'Ada',
  lastName: 'Lovelace',
  code: '123456',
  input: 'How do I find my first ten customers?',
  question: 'How should I price a pilot with my first customer?',
  subject: 'Pricing a pilot',
  timezone: 'Europe/Berlin',
  title: 'Customer interviews',
  name: 'Customer interviews',
  startupName: 'Acme Robotics',
};

/** Stock strings tried, in order, against a pattern. */
const patternCandidates = [
  '123456',
  '09:30',
  'example',
  'example-slug',
  '/programs',
  'A',
  '1',
  'data:image/png;base64,iVBORw0KGgo=',
];

const formats: Record<string, string> = {
  email: 'founder@example.com',
  uuid: '3f1c2a4e-8b7d-4c6e-9a10-2b3c4d5e6f70',
  'date-time': '2026-12-01T09:30:00.000Z',
  date: '2026-12-01',
  time: '09:30:00',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

function fitsString(value: unknown, schema: Schema): value is string {
  if (typeof value !== 'string') return false;
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  if (typeof schema.format === 'string' && formats[schema.format] && value !== formats[schema.format])
    return false;
  return true;
}

function stringExample(schema: Schema, name?: string): string | undefined {
  const candidates = [
    name === undefined ? undefined : byName[name],
    typeof schema.format === 'string' ? formats[schema.format] : undefined,
    ...(typeof schema.pattern === 'string' ? patternCandidates : []),
    'example',
  ];
  for (const candidate of candidates) if (fitsString(candidate, schema)) return candidate;
  if (schema.pattern || schema.format) return undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = 'example'.padEnd(min, 'x');
  return text.length <= max ? text : undefined;
}

function numberExample(schema: Schema, integer: boolean): number {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : 1;
  const high =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : Infinity;
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

const MISSING = Symbol('missing');

function example(schema: Schema | undefined, name: string | undefined, depth: number): unknown {
  if (!schema || depth > 8) return MISSING;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches as Schema[]) {
      if (branch.type === 'null') continue;
      const value = example(branch, name, depth + 1);
      if (value !== MISSING) return value;
    }
    return MISSING;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        const item = example(property, key, depth + 1);
        if (item !== MISSING) value[key] = item;
        else if (required.has(key)) return MISSING;
      }
      return value;
    }
    case 'array': {
      const item = example(schema.items as Schema | undefined, name, depth + 1);
      if (item === MISSING) return MISSING;
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: count }, () => item);
    }
    case 'string':
      return stringExample(schema, name) ?? MISSING;
    case 'integer':
      return numberExample(schema, true);
    case 'number':
      return numberExample(schema, false);
    case 'boolean':
      return true;
    default:
      return MISSING;
  }
}

/** An example value for `schema`, or undefined when none satisfying it can be made. */
export function exampleFor(schema: Schema | undefined): unknown {
  const value = example(schema, undefined, 0);
  return value === MISSING ? undefined : value;
}

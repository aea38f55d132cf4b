import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const count = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 || n === 1n ? one : many}`;

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const formatNames: Record<string, string> = {
  email: 'a valid e-mail address',
  uuid: 'a valid id',
  guid: 'a valid id',
  url: 'a valid URL',
  datetime: 'a date and time such as 2026-05-04T09:30:00Z',
  date: 'a date such as 2026-05-04',
};

/**
 * Field messages a person can act on, for every schema that does not word its own: "Required", "At most 200
 * characters", "Must be one of: LIKE, DISLIKE" instead of zod's "Too small: expected string to have >=1
 * characters". They reach founders through the API's error `details` and the web app's forms. Returning
 * undefined keeps zod's own wording for the rare cases not covered here.
 */
export function validationMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required';
      return `Must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'Required' : `At least ${count(min, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `At least ${count(min, 'item', 'items')}`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false ? `Must be more than ${min}` : `Must be at least ${min}`;
      return undefined;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `At most ${count(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${count(max, 'item', 'items')}`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false ? `Must be less than ${max}` : `Must be at most ${max}`;
      if (issue.origin === 'file') return 'The file is too large';
      return undefined;
    }
    case 'invalid_format': {
      const name = formatNames[issue.format];
      return name ? `Must be ${name}` : 'Has the wrong format';
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}`
        : `Must be one of: ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

/** Makes `validationMessage` zod's wording in this process (the API) or page (the web app). */
export function installValidationMessages(): void {
  z.config({ customError: validationMessage });
}

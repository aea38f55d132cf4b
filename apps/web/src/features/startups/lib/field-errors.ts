import type { ApiFailure } from '../../../lib/api';

export type FieldErrors<K extends string> = Partial<Record<K | 'form', string>>;

/**
 * The API's 400 names each bad field in its details (`path: "website"`): each message goes on its field; a
 * failure that names no field of this form is shown once, above its button.
 */
export function fieldErrorsFrom<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const failure = error as Partial<ApiFailure> | undefined;
  const errors: FieldErrors<K> = {};
  for (const detail of failure?.details ?? []) {
    const field = fields.find((name) => name === detail.path);
    if (field && !errors[field]) errors[field] = detail.message;
  }
  if (!fields.some((field) => errors[field])) errors.form = failure?.message ?? 'Something went wrong.';
  return errors;
}

/** The server's sentence for a failure, or `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as Partial<ApiFailure> | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

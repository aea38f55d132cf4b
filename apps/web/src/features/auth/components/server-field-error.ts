import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../../lib/api';

/**
 * Shows the API's sentence on the field it names ("Your password is not right." on the password), else
 * above the button: a message appears once, next to what it is about.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  const path = (error as { details?: { path: string }[] }).details?.[0]?.path;
  const field = fields.find((name) => name === path);
  const message = errorMessage(error, fallback);
  if (field) setError(field, { type: 'server', message });
  else setError('root' as Path<T>, { type: 'server', message });
}

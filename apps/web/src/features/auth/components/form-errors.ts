import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the API's per-field validation messages (`details`) onto the matching form fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const details = (error as { details?: { path: string; message: string }[] } | undefined)?.details;
  if (!Array.isArray(details)) return;
  for (const detail of details) {
    const field = fields.find((name) => detail.path === name || detail.path.endsWith(`.${name}`));
    if (field) setError(field, { type: 'server', message: detail.message });
  }
}

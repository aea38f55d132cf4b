/**
 * A row as a founder's data export shows it: without what only the server may read (hashes of tokens and
 * codes, storage keys, search vectors) and without the owner column the whole export shares.
 */
const hidden = /(Hash|Search|^search|^storageKey|^userId)$/;

export function personalRow<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.test(key)));
}

export const personalRows = <T extends Record<string, unknown>>(rows: T[]) => rows.map(personalRow);

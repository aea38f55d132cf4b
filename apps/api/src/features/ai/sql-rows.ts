// What the database answers, read the same way by every part of the AI repository.

/** Rows of a raw query; both drivers answer `{ rows }`. */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export const iso = (date: Date | string) => (date instanceof Date ? date : new Date(date)).toISOString();

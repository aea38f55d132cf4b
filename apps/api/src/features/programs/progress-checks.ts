import { notFound } from '../../lib/errors.js';

/** The checks a founder's progress calls share: the ids they are given and the state that ends changes. */

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Malformed ids are simply not found: the caller learns nothing about what exists. */
export function checkId(id: string | undefined, what: string): string {
  if (!id || !uuidPattern.test(id)) throw notFound(`${what} not found`);
  return id;
}

export const ENDED_MESSAGE = 'This program has ended; its missions can no longer be changed.';

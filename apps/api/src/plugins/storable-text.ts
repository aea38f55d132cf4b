import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

/** Half of a surrogate pair without its other half (matched per UTF-16 code unit, hence no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not store `text`, or null when it can. */
function problemWith(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (it holds half of a surrogate pair)';
  return null;
}

/** The first string (or key) in a parsed value that PostgreSQL could not store, with its path. */
function findUnstorable(value: unknown, path: string[]): { path: string[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = problemWith(value);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const problem = problemWith(key);
    if (problem) return { path: [...path, key], problem };
    const found = findUnstorable(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text PostgreSQL cannot store, anywhere in a request's path parameters, query or JSON body, with a
 * 400 naming the field: U+0000 (no text column holds it) and lone surrogates (which JSON can carry as
 * `\ud800`, and `jsonb` refuses). Either would otherwise fail inside a query and answer a 500. No founder
 * types them, so they are refused rather than silently altered. Runs before schema validation, for every
 * route, so a new route cannot forget it.
 */
export const storableTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const found = findUnstorable(value, []);
        if (!found) continue;
        const field = found.path.join('.') || part;
        throw badRequest(`Please check: ${field}`, [{ path: field, message: found.problem }]);
      }
    });
  },
  { name: 'storable-text' },
);

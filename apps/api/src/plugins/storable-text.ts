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

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit) => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse();
};

/**
 * The first string (or key) in a parsed value that PostgreSQL could not store, with its path. Walked with
 * a list rather than recursion: JSON nested a hundred thousand levels deep fits in a body and must answer
 * a 400 from schema validation, not overflow the stack here.
 */
function findUnstorable(root: unknown): { path: string[]; problem: string } | null {
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = problemWith(value);
      if (problem) return { path: pathOf(visit), problem };
    } else if (value !== null && typeof value === 'object') {
      const children = Object.entries(value);
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i]!;
        const problem = problemWith(key);
        if (problem) return { path: [...pathOf(visit), key], problem };
        pending.push({ value: child, key, parent: visit });
      }
    }
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
        const found = findUnstorable(value);
        if (!found) continue;
        const field = found.path.join('.') || part;
        throw badRequest(`Please check: ${field}`, [{ path: field, message: found.problem }]);
      }
    });
  },
  { name: 'storable-text' },
);

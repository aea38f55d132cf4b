import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** Secrets never reach the logs: credentials, tokens and one-time codes are censored wherever they appear. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.code',
  '*.secret',
  '*.secretAccessKey',
  '*.S3_SECRET_ACCESS_KEY',
  '*.backupCodes',
  '*.handoff',
  'body.password',
  'body.token',
  'body.refreshToken',
  'body.code',
];

/** Logs the path without its query string: reset links and share tokens travel in queries. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    id: request.id,
    remoteAddress: request.ip,
  };
}

/** A failed query as Drizzle throws it: the SQL text (its parameters and the driver's row are in DATA_KEYS). */
interface QueryFailure extends Error {
  query?: unknown;
}

/**
 * What an error may carry of the data it was handling: a query's parameters, the driver's row detail and
 * context, and a failed model call's request (the founder's question, profile and conversation).
 */
const DATA_KEYS = ['params', 'detail', 'where', 'requestBodyValues'];

/** Only the stack's frames: the first line repeats the message, which may hold what is being scrubbed. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/**
 * A copy of an error without the data it carries: a failed query's parameters and the driver's row detail
 * ("Failing row contains …") can hold password hashes, token hashes and personal data. The SQL text, the
 * driver's message and its codes stay (and a model call's URL and status), which is what finding the fault needs.
 */
function withoutQueryData(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const failure = error as QueryFailure;
  const cause = withoutQueryData(error.cause, depth + 1);
  if (!DATA_KEYS.some((key) => key in failure) && cause === error.cause) return error;
  // Drizzle writes the parameters into its message ("Failed query: …\nparams: …"); a driver's message has none.
  const message =
    typeof failure.query === 'string' && error.message.startsWith('Failed query: ')
      ? `Failed query: ${failure.query}`
      : error.message;
  const copy = new Error(message, { cause });
  copy.name = error.name;
  copy.stack = [`${copy.name}: ${copy.message}`, ...framesOf(error.stack)].join('\n');
  for (const [key, value] of Object.entries(error)) {
    if (![...DATA_KEYS, 'cause', 'message', 'stack'].includes(key))
      (copy as unknown as Record<string, unknown>)[key] = value;
  }
  return copy;
}

/** Errors as pino logs them (a cause's message and stack folded in), minus the data a failed query or model call carries. */
export function errorSerializer(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(withoutQueryData(error) as Error);
  // The copy is a plain Error; the log names the class that was thrown.
  serialized.type = error.constructor.name;
  return serialized;
}

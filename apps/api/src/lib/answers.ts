import { apiError } from '@liftoff/contracts/common';
import { z } from 'zod';

/*
 * Response schemas for answers that are not (only) the JSON envelope, so the OpenAPI document names the content
 * type each status really answers in. Fastify serializes by the reply's content type, and strings sent with a
 * type of their own (a page) or a hijacked reply (a stream) pass through untouched.
 */

const page = z.string().meta({ description: 'An HTML page' });

/** A status answered with an HTML page. */
export const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: page } },
});

/**
 * An error status of a page route: the page says what went wrong, while input the route never reads (a
 * malformed query, a rate limit) is answered in the error envelope as on every other call.
 */
export const pageOrErrorAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: page }, 'application/json': { schema: apiError } },
});

/** A JSON envelope, or server-sent events when the client sends `Accept: text/event-stream`. */
export const jsonOrEventStream = <T extends z.ZodType>(json: T, events: string) => ({
  description: 'The envelope, or with `Accept: text/event-stream` the events described above',
  content: {
    'application/json': { schema: json },
    'text/event-stream': { schema: z.string().meta({ description: events }) },
  },
});

/**
 * A status answered with a file's bytes: `types` are the media types it can have (ranges such as `audio/*`,
 * or any type for a file kept as its owner uploaded it).
 */
export const fileAnswer = (description: string, types: readonly string[] = ['*/*']) => ({
  description,
  // Any in the handler's types (a buffer, a stream), a binary string in the document.
  content: Object.fromEntries(
    types.map((type) => [type, { schema: z.any().meta({ type: 'string', format: 'binary' }) }]),
  ) as Record<string, { schema: z.ZodAny }>,
});

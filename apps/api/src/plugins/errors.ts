import type { ErrorDetail } from '@liftoff/contracts/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../lib/error-reporting.js';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { AppError } from '../lib/errors.js';
import { authorizationFailure } from './auth-guard.js';
import { requestTraceId } from './observability.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null unless SENTRY_DSN is set (docs/decisions/032-observability.md). */
    errorReporter: ErrorReporter | null;
  }
}

type ValidationItem = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
};

/** Turns schema validation errors into one detail per offending field, unknown keys included. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const item of (error.validation ?? []) as ValidationItem[]) {
    const base = (item.instancePath ?? '').split('/').filter(Boolean);
    if (item.keyword === 'unrecognized_keys' && item.params?.keys?.length) {
      for (const key of item.params.keys)
        details.push({ path: [...base, key].join('.'), message: 'Unknown field' });
      continue;
    }
    // The wording ("Required", "At most 200 characters") comes from the contracts' validation messages.
    details.push({
      path: base.join('.') || (error.validationContext ?? 'body'),
      message: item.message ?? 'Invalid',
    });
  }
  return details;
}

const statusCodes: Record<number, AppError['code']> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function sendError(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  // With tracing on, the id a founder can quote so their report is found in the logs and traces.
  const traceId = requestTraceId(reply.request);
  return reply.status(error.statusCode).send({
    message: error.message,
    statusCode: error.statusCode,
    code: error.code,
    ...(error.details?.length ? { details: error.details } : {}),
    ...(traceId ? { traceId } : {}),
  });
}

/**
 * The multipart parser (busboy, under @fastify/multipart's `attachFieldsToBody`) reports a body it cannot read —
 * no boundary in the content type, a form cut off — as a plain error without a status, from a hook before
 * validation. Those are the client's doing, so they answer 400, not 500.
 */
function isUnreadableMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (error.statusCode !== undefined || error.code !== undefined) return false;
  const type = request.headers['content-type'] ?? '';
  return /^multipart\//i.test(type) && /multipart|boundary|content-type/i.test(error.message);
}

/** Seconds a client is asked to wait when the database is out of reach: a restart takes about this long. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const databaseUnavailable = () =>
  new AppError(
    503,
    'DATABASE_UNAVAILABLE',
    'Liftoff cannot reach its database for a moment. Try again in a few seconds.',
    undefined,
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The one error path of the API (architecture.md, convention 5). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (failure: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // A route that authorizes in its handler may fail (say, on its body) before the caller's standing is known.
      const error = ((await authorizationFailure(request)) as FastifyError | null) ?? failure;
      if (error instanceof AppError) return sendError(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = validationDetails(error);
        const fields = details.map((d) => d.path).join(', ');
        return sendError(reply, new AppError(400, 'VALIDATION_FAILED', `Please check: ${fields}`, details));
      }
      if (isUnreadableMultipart(error, request)) {
        return sendError(
          reply,
          new AppError(400, 'VALIDATION_FAILED', 'The request body is not valid multipart/form-data.', [
            { path: 'body', message: 'Malformed multipart/form-data' },
          ]),
        );
      }
      const status = error.statusCode ?? 500;
      if (status === 413)
        return sendError(reply, new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'));
      if (status === 415) {
        return sendError(
          reply,
          new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type. Send application/json.'),
        );
      }
      if (status >= 400 && status < 500) {
        const code = statusCodes[status] ?? 'VALIDATION_FAILED';
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.message;
        return sendError(reply, new AppError(status, code, message));
      }
      // The database out of reach (restarting, down): nothing was committed, and it is worth trying again soon.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendError(reply, databaseUnavailable());
      }
      // Anything else is our fault: log it with the request id, tell the client nothing internal.
      request.log.error({ err: error }, 'request failed');
      request.server.errorReporter?.capture(error, {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        traceId: requestTraceId(request),
      });
      return sendError(
        reply,
        new AppError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
      );
    });
  },
  { name: 'errors' },
);

import { apiError, errorCodes } from '@liftoff/contracts/common';
import { z } from 'zod';
import type { ErrorStatus } from './operations.js';

/** The error envelope (api-contract.md), with the codes the API answers. */
export function errorSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(apiError.extend({ code: z.enum(errorCodes) }), { io: 'output' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { ...schema, description: 'Every failed answer. `details` lists each field at fault.' };
}

type Answer = { name: string; description: string; example: Record<string, unknown>; retryAfter?: boolean };

const answers: Record<ErrorStatus, Answer> = {
  400: {
    name: 'BadRequest',
    description: 'The input is not valid: `details` names every field at fault and what is wrong with it.',
    example: {
      message: 'Please check: email',
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'email', message: 'Enter a valid e-mail address' }],
    },
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid access token (or, on a credential call, wrong credentials).',
    example: { message: 'Please sign in to continue.', statusCode: 401, code: 'UNAUTHORIZED' },
  },
  403: {
    name: 'Forbidden',
    description:
      "The caller's standing does not allow this call yet: e-mail not verified, second factor not passed, or a role it lacks.",
    example: {
      message: 'Please verify your e-mail address first.',
      statusCode: 403,
      code: 'EMAIL_NOT_VERIFIED',
    },
  },
  404: {
    name: 'NotFound',
    description: "No such resource, or it is not the caller's.",
    example: { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' },
  },
  409: {
    name: 'Conflict',
    description: "The call does not fit the resource's current state.",
    example: { message: 'This step is already done.', statusCode: 409, code: 'CONFLICT' },
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The request body (or the uploaded file) is too large.',
    example: { message: 'The request body is too large.', statusCode: 413, code: 'PAYLOAD_TOO_LARGE' },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not of a type this call reads (JSON, or the upload its description names).',
    example: {
      message: 'Unsupported content type. Send application/json.',
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many calls; `Retry-After` says how many seconds to wait.',
    example: {
      message: 'Too many requests. Try again in 30 seconds.',
      statusCode: 429,
      code: 'RATE_LIMITED',
    },
    retryAfter: true,
  },
  501: {
    name: 'NotImplemented',
    description: 'This server is not set up for the call; the message says what to configure.',
    example: {
      message: 'Speech input is off on this server. Set AI_STT_ENGINE to enable it.',
      statusCode: 501,
      code: 'NOT_IMPLEMENTED',
    },
  },
  502: {
    name: 'BadGateway',
    description: 'A service this call depends on (the AI model, file storage, the blog) failed; try again.',
    example: {
      message: 'The AI model failed to answer. Please try again.',
      statusCode: 502,
      code: 'UPSTREAM_FAILED',
    },
  },
  503: {
    name: 'ServerBusy',
    description:
      'This server has more calls than it can take and this one waited its longest for a place (`SERVER_BUSY`), or it cannot reach its database for a moment, say during a restart (`DATABASE_UNAVAILABLE`; nothing of the call was saved). Either way `Retry-After` says how many seconds to wait.',
    example: {
      message: 'Liftoff is very busy right now. Try again in a moment.',
      statusCode: 503,
      code: 'SERVER_BUSY',
    },
    retryAfter: true,
  },
};

export const errorAnswerName = (status: ErrorStatus) => answers[status].name;

/** The shared response objects for the statuses in use, each in the error envelope. */
export function errorResponses(statuses: Iterable<ErrorStatus>): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const status of [...new Set(statuses)].sort()) {
    const answer = answers[status];
    responses[answer.name] = {
      description: answer.description,
      ...(answer.retryAfter
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds until the call may be made again.',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ApiError' },
          example: answer.example,
        },
      },
    };
  }
  return responses;
}

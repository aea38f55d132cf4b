import { z } from 'zod';

/** Every successful answer: the catalogue message plus the payload (api-contract.md "Base, envelope, errors"). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export type Envelope<T> = { message: string; data: T };

export const errorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetail>;

/** Every failed answer. `code` is a stable machine code; `details` lists each bad field. */
export const apiError = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  code: z.string(),
  details: z.array(errorDetail).optional(),
  /** With tracing on: the request's trace id, for a report to be matched with the logs and traces. */
  traceId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'UNAUTHORIZED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'PASSWORD_REJECTED',
  'EMAIL_TAKEN',
  'PROFILE_INCOMPLETE',
  'INTERNAL_ERROR',
  'UPSTREAM_FAILED',
  'NOT_IMPLEMENTED',
  'INVITATION_REQUIRED',
  'SERVER_BUSY',
  'DATABASE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const emptyObject = z.object({}).strict();

export const health = z.object({ status: z.literal('ok') });

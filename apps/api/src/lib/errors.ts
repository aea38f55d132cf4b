import type { ErrorCode, ErrorDetail } from '@liftoff/contracts/common';

/** An error the client is meant to see: status, stable code, human message, and the fields at fault. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, details);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unauthorized = (message = 'Please sign in again.', code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    429,
    'RATE_LIMITED',
    message ?? `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

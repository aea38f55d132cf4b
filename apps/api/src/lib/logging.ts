import type { FastifyRequest } from 'fastify';

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

import type { FastifyInstance } from 'fastify';

/**
 * The bodies the API reads, set on the root instance so every route shares them (multipart, for sign-up and
 * uploads, is registered by the routes that take it).
 */
export function acceptBodies(app: FastifyInstance) {
  // JSON is the API's language; plain text is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  // Clients that send every call as JSON post bodiless calls (logout, stop, retry…) with
  // `Content-Type: application/json` and nothing after it: an empty body is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  // Plain HTML forms post url-encoded bodies; JSON stays the default everywhere else.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

import { errorCodes } from '@liftoff/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { personWith } from './helpers/team.js';

/** Studio routes are sent as the program team, so the body is read past the role check. */
const AS_TEAM = '/api/studio/';
// Logging out would end the session the rest of the calls use.
const SKIP = new Set(['POST /api/auth/logout']);
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** What a fuzzing client sends instead of the JSON a route expects. */
const BODIES: { type: string; payload: string }[] = [
  { type: 'multipart/form-data', payload: 'email=a%40b.c' },
  { type: 'multipart/form-data; boundary=', payload: '--\r\n' },
  {
    type: 'multipart/form-data; boundary=b',
    payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n',
  },
  { type: 'application/json; charset=latin1', payload: '{"email":"\u00e9"}' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'application/xml', payload: '<?xml version="1.0"?><user><email>a@b.c</email></user>' },
  { type: 'text/xml; charset=utf-8', payload: '<a/>' },
  { type: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=x&__proto__=1' },
  { type: 'application/x-www-form-urlencoded; charset=iso-8859-1', payload: 'a=%E9' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'text/plain; charset=utf-8', payload: '{"email":"a@b.c"}' },
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: '   ' },
  { type: 'application/octet-stream', payload: '\u0000\u0001' },
  { type: 'application/vnd.api+json', payload: '{}' },
  { type: 'nonsense', payload: 'x' },
];

const isErrorBody = (body: unknown, status: number) => {
  const b = body as { message?: unknown; statusCode?: unknown; code?: unknown };
  return (
    typeof b?.message === 'string' &&
    b.message.length > 0 &&
    b.statusCode === status &&
    (errorCodes as readonly unknown[]).includes(b.code)
  );
};

/**
 * Every content type a fuzz suite knows, sent to every write route the API documents (routes added later
 * are walked too): each answer is a client error or a success, never a 5xx, and a failure is in the error
 * envelope.
 */
describe('content types on every write route', () => {
  let t: TestApp;
  let token: string;
  let teamToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await readyUser(t.app)).token;
    teamToken = (await personWith(t.app, ['manager', 'admin'])).token;
  });
  afterAll(() => t?.close());

  it('answers a client error in the error envelope, never a 5xx', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const lower of Object.keys(methods)) {
        if (!WRITES.has(lower)) continue;
        const method = lower.toUpperCase();
        if (SKIP.has(`${method} ${path}`)) continue;
        routes += 1;
        const url = path.replace(/\{\w+\}/g, ANY_ID);
        const auth = bearer(path.startsWith(AS_TEAM) ? teamToken : token);
        for (const { type, payload } of BODIES) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...auth, 'content-type': type },
            payload,
          });
          const what = `${method} ${path} [${type}]`;
          if (res.statusCode >= 500) failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
          else if (res.statusCode >= 400) {
            let body: unknown;
            try {
              body = res.json();
            } catch {
              body = undefined;
            }
            if (!isErrorBody(body, res.statusCode))
              failures.push(
                `${what} -> ${res.statusCode} not in the error envelope: ${res.body.slice(0, 100)}`,
              );
          }
        }
      }
    }
    expect(routes).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers a stored image name with a leading dash as a client error', async () => {
    for (const url of [
      '/api/experts/photos/-x.webp',
      '/api/explore/images/-x.png',
      '/api/explore/images/--.png',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(isErrorBody(res.json(), res.statusCode), url).toBe(true);
    }
  });
});

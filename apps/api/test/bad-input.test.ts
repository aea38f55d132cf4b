import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { personWith } from './helpers/team.js';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/** Studio routes walked as the program team (a founder's call stops at the role check, before the input). */
const AS_TEAM = ['/api/studio/programs/'];
// Logging out would end the session the rest of the calls use.
const SKIP = new Set(['POST /api/auth/logout']);
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const BAD_SEGMENTS = ['%00', 'x'.repeat(300), '..%2F..%2Fetc', '%F0%9F%98%80', '-1', '%E0%A4%A'];
const BAD_QUERY_VALUES = ['%00', '-1', 'abc', '1e400', 'x'.repeat(300), '%ED%A0%80'];
const RAW_BODIES = [
  '{',
  'null',
  '[]',
  '1',
  '"text"',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
];
// Cut off, no closing boundary, a part without headers, an empty body.
const MULTIPART_BODIES = [
  '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
  '--b\r\nbroken',
  '--b\r\n\r\n--b--\r\n',
  '',
];
// As JSON text, so the lone surrogate arrives as the escape a client would send.
const BAD_FIELD_VALUES = [
  'null',
  '12345',
  '{}',
  '[]',
  `"${'x'.repeat(100_000)}"`,
  '"a\\u0000b"',
  '"a\\ud800"',
];

/**
 * Every route the API documents, fed malformed path segments, query values and bodies: each must answer a
 * client error (or a deliberate 501/502/503), never a 500. Guards routes added later as well. Calls that
 * have their own per-founder limits start answering 429 part-way; that is a client error too.
 */
describe('bad input on every documented route', () => {
  let t: TestApp;
  let token: string;
  let teamToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await readyUser(t.app)).token;
    teamToken = (await personWith(t.app, ['manager'])).token;
  });
  afterAll(() => t?.close());

  it('answers a client error, never a 500', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let calls = 0;
    let uploads = 0;
    let teamCalls = 0;
    const call = async (method: string, url: string, payload?: string, type = 'application/json') => {
      calls += 1;
      const asTeam = AS_TEAM.some((prefix) => url.startsWith(prefix));
      if (asTeam) teamCalls += 1;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...bearer(asTeam ? teamToken : token),
          ...(payload === undefined ? {} : { 'content-type': type }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
      if (res.statusCode >= 500 && ![501, 502, 503].includes(res.statusCode))
        failures.push(`${method} ${url.slice(0, 120)} ${(payload ?? '').slice(0, 80)} -> ${res.statusCode}`);
    };

    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (SKIP.has(`${method} ${path}`)) continue;
        const at = (segment: string) => path.replace(/\{\w+\}/g, segment);
        if (path.includes('{')) for (const segment of BAD_SEGMENTS) await call(method, at(segment));
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        for (const name of query)
          for (const value of BAD_QUERY_VALUES) await call(method, `${at(ANY_ID)}?${name}=${value}`);
        if (method === 'GET' || method === 'DELETE') continue;
        for (const raw of RAW_BODIES) await call(method, at(ANY_ID), raw);
        if (operation.requestBody?.content?.['multipart/form-data']) {
          uploads += 1;
          for (const raw of MULTIPART_BODIES)
            await call(method, at(ANY_ID), raw, 'multipart/form-data; boundary=b');
        }
        const fields = Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        for (const field of fields)
          for (const value of BAD_FIELD_VALUES) await call(method, at(ANY_ID), `{"${field}":${value}}`);
      }
    }
    expect(calls).toBeGreaterThan(1000);
    // The deliverable upload, speech-to-text, the studio's post images and the expert's photo.
    expect(uploads).toBe(4);
    // The program authoring routes were walked past their role check.
    expect(teamCalls).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 120_000); // every documented route several times over: tens of seconds on a busy machine
});

import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { errorCodes } from '@liftoff/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

type Parameter = { in: string; name: string; required?: boolean };
type Media = { schema?: unknown; example?: unknown; examples?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
};
type Response = {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string; properties?: Record<string, unknown> } }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }>;
    responses: Record<string, Response>;
  };
};

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const apiDir = path.resolve(import.meta.dirname, '../..');

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${route}`,
      method: method.toUpperCase(),
      route,
      operation,
    })),
  );
}

const documented = (operation: Operation) =>
  Object.keys(operation.responses ?? {})
    .filter((status) => status.startsWith('4'))
    .map(Number);

/**
 * The document the API serves, checked as a client generator would read it. Routes added later are covered
 * without being named here: every operation is walked.
 */
describe('the served OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Document;
  });
  afterAll(() => t?.close());

  it('names and summarizes every operation, with its error answers in the error envelope', () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    const list = operations(doc);
    expect(list.length).toBeGreaterThan(50);
    for (const { name, route, operation } of list) {
      const id = operation.operationId;
      if (!id || !/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${name}: operationId ${id}`);
      else if (ids.has(id)) problems.push(`${name}: operationId ${id} also names ${ids.get(id)}`);
      else ids.set(id, name);
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);

      const errors = documented(operation);
      const expect4xx = (status: number, why: string) => {
        if (!errors.includes(status)) problems.push(`${name}: ${why} but documents no ${status}`);
      };
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (!isPublic) expect4xx(401, 'needs a token');
      if (route.includes('{')) expect4xx(404, 'has path parameters');
      if (operation.parameters?.length || operation.requestBody) expect4xx(400, 'takes input');
      if (operation.requestBody) {
        expect4xx(413, 'takes a body');
        expect4xx(415, 'takes a body');
      }
      for (const status of errors) {
        const response = operation.responses?.[status] as Response | undefined;
        const shared = response?.$ref
          ? doc.components.responses[response.$ref.replace('#/components/responses/', '')]
          : response;
        const schema = shared?.content?.['application/json']?.schema;
        const envelope =
          schema?.$ref === '#/components/schemas/ApiError' ||
          ['message', 'statusCode', 'code'].every((key) => key in (schema?.properties ?? {}));
        if (!envelope) problems.push(`${name}: ${status} is not in the error envelope`);
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (media.example === undefined && media.examples === undefined)
          problems.push(`${name}: no example for its ${type} body`);
      }
    }
    expect(problems).toEqual([]);
    // A generated client can tell every failure apart by its code.
    expect(doc.components.schemas.ApiError?.properties?.code?.enum).toEqual([...errorCodes]);
  });

  it('documents every client error the API really answers', async () => {
    // Callers in three standings, so the guard's answers show: none, an unverified e-mail, a ready founder.
    const unverified = (await signup(t.app)).token;
    const ready = (await readyUser(t.app)).token;
    const failures: string[] = [];
    let probes = 0;
    for (const { name, method, route, operation } of operations(doc)) {
      if (name === 'POST /api/auth/logout') continue; // would end the session the probes use
      const url = route.replace(/\{\w+\}/g, ANY_ID);
      const json = operation.requestBody?.content?.['application/json'];
      const example = json ? JSON.stringify(json.example) : undefined;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const probe = async (what: string, token: string | null, payload?: string, type?: string) => {
        probes += 1;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: {
            ...(token ? bearer(token) : {}),
            ...(payload === undefined ? {} : { 'content-type': type ?? 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const status = res.statusCode;
        if (status >= 400 && status < 500 && !documented(operation).includes(status))
          failures.push(`${name} (${what}) answered ${status} ${res.body.slice(0, 120)}, not documented`);
        return status;
      };
      const anonymous = await probe('no token', null, example);
      if (!isPublic && anonymous !== 401)
        failures.push(`${name} needs a token but answered ${anonymous} without`);
      await probe('unverified caller', unverified, example);
      await probe('ready caller', ready, example);
      if (json) {
        await probe('unknown field', ready, '{"unknownField":1}');
        await probe('text body', ready, 'hello', 'text/plain');
      }
    }
    expect(probes).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 90_000); // one call of every operation in three standings: seconds alone, more on a busy machine

  it('passes the Redocly linter with no warning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-openapi-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
      copyFileSync(path.join(apiDir, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
      copyFileSync(
        path.join(apiDir, '.redocly.lint-ignore.yaml'),
        path.join(dir, '.redocly.lint-ignore.yaml'),
      );
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          cli,
          'lint',
          'openapi.json',
          '--config',
          'redocly.yaml',
          '--format',
          'json',
          '--max-problems',
          '1000',
        ],
        {
          cwd: dir,
          maxBuffer: 10 * 1024 * 1024,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number; ignored: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems
        .filter((problem) => (problem as { ignored?: boolean }).ignored !== true)
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, mailbox, PASSWORD, uniqueEmail } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * client-walk.ts is typed by the generated declarations, which exist only in the test's folder: it is loaded by
 * a name `tsc` does not follow here, and checked there instead.
 */
type Walk = (
  client: ReturnType<typeof createClient>,
  founder: { email: string; password: string },
  mailedCode: (email: string) => Promise<string>,
) => Promise<{
  signedUp: { verified: boolean };
  verified: { verified: boolean };
  wrongPassword: { status: number; code: string | undefined };
  programs: string[];
  answer: { conversationId: string; content: string; followUpQuestions: string[] };
}>;
const walkModule: string = './client-walk.js';

const require = createRequire(import.meta.url);
const here = import.meta.dirname;

/**
 * A program team's tooling, built from the document the API serves: openapi-typescript generates the types,
 * `tsc` checks a client walk written against them, and the walk then runs through openapi-fetch against the
 * real app on a real socket.
 */
describe('a typed client generated from the served document', () => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'liftoff-client-'));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('type-checks a walk written against the generated types', async () => {
    const doc = await (await fetch(`${baseUrl}/api/docs/json`)).json();
    writeFileSync(path.join(dir, 'served-api.d.ts'), astToString(await openapiTS(doc)));
    copyFileSync(path.join(here, 'client-walk.ts'), path.join(dir, 'client-walk.ts'));
    const fetchTypes = path.dirname(require.resolve('openapi-fetch/package.json'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
          paths: { 'openapi-fetch': [path.join(fetchTypes, 'dist/index.d.ts')] },
        },
        files: ['client-walk.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
      () => ({ code: 0, output: '' }),
      (failure: { code?: number; stdout?: string }) => ({
        code: failure.code ?? 1,
        output: failure.stdout ?? '',
      }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('walks sign-up, verification, sign-in, a program call and a coach answer in JSON mode', async () => {
    const { walk } = (await import(walkModule)) as { walk: Walk };
    const client = createClient({ baseUrl });
    const email = uniqueEmail('typed-client');
    const result = await walk(client, { email, password: PASSWORD }, async (to) => {
      const [mail] = await mailbox(t.app, to);
      return codeFrom(mail!);
    });
    expect(result.signedUp.verified).toBe(false);
    expect(result.verified.verified).toBe(true);
    expect(result.wrongPassword).toEqual({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(result.programs.length).toBeGreaterThan(0);
    expect(result.answer.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    // The offline coach answers from the shipped program: finding interviewees is one of its steps.
    expect(result.answer.content).toMatch(/interview/i);
    expect(result.answer.followUpQuestions.length).toBeGreaterThan(0);
  }, 60_000);
});

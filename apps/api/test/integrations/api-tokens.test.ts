import { createHash } from 'node:crypto';
import type { ApiToken, CreatedApiToken } from '@liftoff/contracts/integrations';
import type { Mission, Program } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../src/features/integrations/tables.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith, setRoles } from '../helpers/team.js';

const PER_MINUTE = 25;
let clock = new Date('2026-12-07T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) }, { now: () => clock });
});
afterAll(async () => t.close());

async function createToken(session: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/tokens',
    headers: bearer(session),
    payload: { name: 'Reporting', expiresInDays: 30, ...body },
  });
  return res;
}
async function tokenFor(session: string, scopes: string[], expiresInDays = 30): Promise<CreatedApiToken> {
  const res = await createToken(session, { scopes, expiresInDays });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const listTokens = async (session: string): Promise<ApiToken[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/integrations/tokens', headers: bearer(session) })).json()
    .data;
const programs = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/userProgram/programs', headers: bearer(token) });

describe('personal API tokens', () => {
  it('read the owner’s progress with progress:read, and only the hash of the secret is stored', async () => {
    const founder = await readyUser(t.app);
    const created = await tokenFor(founder.token, ['progress:read']);
    expect(created.token).toMatch(/^lft_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({
      name: 'Reporting',
      scopes: ['progress:read'],
      lastUsedAt: null,
    });
    expect(created.token.startsWith(created.apiToken.hint)).toBe(true);

    const res = await programs(created.token);
    expect(res.statusCode, res.body).toBe(200);
    const viaSession = await programs(founder.token);
    expect(res.json().data).toEqual(viaSession.json().data);

    // The table holds the SHA-256 of the secret and nothing from which the secret could be read back.
    const rows = await t.app.db.select().from(apiTokens);
    const row = rows.find((r) => r.id === created.apiToken.id)!;
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(12));

    // The owner's list shows when it was last used, never the secret.
    const [listed] = await listTokens(founder.token);
    expect(listed).toMatchObject({ id: created.apiToken.id, lastUsedAt: clock.toISOString() });
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('write worksheets only with worksheets:write', async () => {
    const founder = await readyUser(t.app);
    const [program] = (await programs(founder.token)).json().data as Program[];
    const missionId = program!.userMilestone[0]!.userMission[0]!.id;
    const mission: Mission = (
      await t.app.inject({
        method: 'GET',
        url: `/api/userMission/${missionId}`,
        headers: bearer(founder.token),
      })
    ).json().data;
    const step = mission.userStep.find((s) => s.worksheet)!;
    const save = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/userStep/${step.id}/worksheet`,
        headers: bearer(token),
        payload: { answers: { customer: 'Clinic owners' } },
      });

    const reader = await tokenFor(founder.token, ['progress:read']);
    const refused = await save(reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This API token may not call this: it needs the worksheets:write scope.',
    });

    const writer = await tokenFor(founder.token, ['worksheets:write']);
    const saved = await save(writer.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.worksheet.answers).toMatchObject({ customer: 'Clinic owners' });
    // The writer cannot read progress.
    expect((await programs(writer.token)).statusCode).toBe(403);
  });

  it('never reach the account itself: no token can list, mint or revoke tokens or read /auth/me', async () => {
    const founder = await readyUser(t.app);
    const all = await tokenFor(founder.token, ['progress:read', 'worksheets:write']);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/integrations/tokens'],
      ['POST', '/api/integrations/tokens'],
      ['DELETE', `/api/integrations/tokens/${all.apiToken.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(all.token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('API tokens may not call this. Sign in to do it.');
    }
  });

  it('stop working at once when revoked; another person cannot revoke them', async () => {
    const founder = await readyUser(t.app);
    const other = await readyUser(t.app);
    const created = await tokenFor(founder.token, ['progress:read']);
    expect((await programs(created.token)).statusCode).toBe(200);

    const url = `/api/integrations/tokens/${created.apiToken.id}`;
    const stranger = await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);
    expect((await programs(created.token)).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url, headers: bearer(founder.token) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).toBe(clock.toISOString());
    const after = await programs(created.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('TOKEN_INVALID');
    // Revoking twice is a 404: there is nothing left to revoke.
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(founder.token) })).statusCode).toBe(
      404,
    );
  });

  it('expire when their time is up', async () => {
    const founder = await readyUser(t.app);
    const created = await tokenFor(founder.token, ['progress:read'], 1);
    expect(created.apiToken.expiresAt).toBe(new Date(clock.getTime() + 86_400_000).toISOString());
    expect((await programs(created.token)).statusCode).toBe(200);
    const before = clock;
    try {
      clock = new Date(before.getTime() + 86_400_000);
      const res = await programs(created.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      clock = before;
    }
  });

  it('refuse made-up, altered and unprefixed tokens as invalid', async () => {
    const founder = await readyUser(t.app);
    const created = await tokenFor(founder.token, ['progress:read']);
    const altered = created.token.slice(0, -1) + (created.token.endsWith('A') ? 'B' : 'A');
    for (const token of [altered, 'lft_pat_nothing', created.token.slice('lft_pat_'.length)]) {
      const res = await programs(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
  });

  it('are limited per token: one token over its limit is refused while another of the same person works', async () => {
    const founder = await readyUser(t.app);
    const busy = await tokenFor(founder.token, ['progress:read']);
    const calm = await tokenFor(founder.token, ['progress:read']);
    for (let i = 0; i < PER_MINUTE; i++) expect((await programs(busy.token)).statusCode).toBe(200);
    const limited = await programs(busy.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await programs(calm.token)).statusCode).toBe(200);
  });

  it('read the cohorts a manager manages with cohort:read, which a founder may not hold', async () => {
    const founder = await readyUser(t.app);
    const refused = await createToken(founder.token, { scopes: ['cohort:read'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual([
      { path: 'scopes', message: 'cohort:read is for managers and admins' },
    ]);

    const manager = await personWith(t.app, ['manager']);
    const token = await tokenFor(manager.token, ['cohort:read']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/studio/cohorts',
      headers: bearer(token.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([]);
    // Reads only: creating a cohort is not a cohort:read call.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/studio/cohorts',
      headers: bearer(token.token),
      payload: {},
    });
    expect(create.statusCode).toBe(403);
    // Losing the role ends what the token may read, as it would for a session.
    await setRoles(t.app, manager.user.id, ['founder']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/studio/cohorts', headers: bearer(token.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('answer 400 naming the field for a bad name, scope or expiry', async () => {
    const founder = await readyUser(t.app);
    const res = await createToken(founder.token, { name: '', scopes: ['everything'], expiresInDays: 9999 });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'scopes.0', 'expiresInDays']));
  });

  it('are described by the OpenAPI document: a security scheme, and the scope on each operation that takes one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/userProgram/programs'].get.security).toEqual([
      { bearer: [] },
      { apiToken: ['progress:read'] },
    ]);
    expect(doc.paths['/api/userStep/{id}/worksheet'].put.security).toContainEqual({
      apiToken: ['worksheets:write'],
    });
    // A route no token may call lists the session only (the document's default).
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

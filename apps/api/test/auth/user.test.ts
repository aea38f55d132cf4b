import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, signup, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('profile, onboarding, holds for unverified users, e-mail check', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof verifiedUser>>;
  let bob: Awaited<ReturnType<typeof verifiedUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = [
      await verifiedUser(t.app),
      await verifiedUser(t.app, { firstName: 'Bob', lastName: 'Builder' }),
    ];
  });
  afterAll(() => t?.close());

  const patchUser = (token: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/user/update-user/${id}`, headers: bearer(token), payload });
  const putMeta = (token: string, id: string, meta: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${id}/meta`, headers: bearer(token), payload: { meta } });

  describe('unverified users', () => {
    it('are held to /auth/* and /feature-flags: other calls answer 403 EMAIL_NOT_VERIFIED', async () => {
      const account = await signup(t.app);
      const patch = await patchUser(account.token, account.user.id, { firstName: 'Eve' });
      expect(patch.statusCode).toBe(403);
      expect(patch.json()).toEqual({
        statusCode: 403,
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Please verify your e-mail address first.',
      });
      const meta = await putMeta(account.token, account.user.id, { startupName: 'Nope' });
      expect(meta.statusCode).toBe(403);
      expect(meta.json().code).toBe('EMAIL_NOT_VERIFIED');

      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: bearer(account.token) }))
          .statusCode,
      ).toBe(200);
      // Nothing was changed by the refused calls.
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })
      ).json().data;
      expect(me).toMatchObject({ firstName: 'Ada', meta: {} });
    });
  });

  describe('PATCH /api/user/update-user/{id}', () => {
    it('updates your own name and picture', async () => {
      const res = await patchUser(alice.token, alice.user.id, {
        firstName: ' Alice ',
        lastName: 'Liddell',
        profileImageUrl: 'https://cdn.example.com/a.png',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Your changes have been successfully saved.');
      expect(res.json().data).toMatchObject({
        id: alice.user.id,
        firstName: 'Alice',
        lastName: 'Liddell',
        profileImageUrl: 'https://cdn.example.com/a.png',
      });
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(alice.token) })
      ).json().data;
      expect(me.firstName).toBe('Alice');
    });

    it("answers 404 for another user's id and for a malformed id, changing nothing", async () => {
      for (const id of [bob.user.id, 'not-a-uuid', crypto.randomUUID()]) {
        const res = await patchUser(alice.token, id, { firstName: 'Mallory' });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
      const bobNow = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
      ).json().data;
      expect(bobNow.firstName).toBe('Bob');
    });

    it('refuses fields it does not own (no mass assignment) and bad values, naming each', async () => {
      const res = await patchUser(alice.token, alice.user.id, {
        verified: false,
        email: 'x@example.com',
        firstName: '',
        profileImageUrl: 'javascript:alert(1)',
      });
      expect(res.statusCode).toBe(400);
      expect(detailPaths(res.json())).toEqual(['email', 'firstName', 'profileImageUrl', 'verified']);
    });

    it('refuses profileCompleted until the names and startupName, stage and industry are set', async () => {
      const carol = await verifiedUser(t.app);
      const first = await patchUser(carol.token, carol.user.id, { profileCompleted: true });
      expect(first.statusCode).toBe(400);
      expect(first.json()).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        message: expect.stringMatching(/meta\.startupName, meta\.stage, meta\.industry/),
      });
      expect(detailPaths(first.json())).toEqual(['meta.industry', 'meta.stage', 'meta.startupName']);

      expect((await putMeta(carol.token, carol.user.id, { startupName: 'Rocket Co' })).statusCode).toBe(200);
      const second = await patchUser(carol.token, carol.user.id, { profileCompleted: true });
      expect(second.statusCode).toBe(400);
      expect(detailPaths(second.json())).toEqual(['meta.industry', 'meta.stage']);

      const saved = await putMeta(carol.token, carol.user.id, {
        stage: 'Idea',
        industry: 'Fintech',
        goals: 'Find a co-founder',
      });
      expect(saved.statusCode).toBe(200);
      const done = await patchUser(carol.token, carol.user.id, { profileCompleted: true });
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({
        profileCompleted: true,
        meta: { startupName: 'Rocket Co', stage: 'Idea', industry: 'Fintech' },
      });

      // A completed profile stays completed.
      const undo = await patchUser(carol.token, carol.user.id, { profileCompleted: false });
      expect(undo.statusCode).toBe(400);
      expect(detailPaths(undo.json())).toEqual(['profileCompleted']);
    });
  });

  describe('PUT /api/user/{id}/meta', () => {
    it('merges the answers into what was saved; null removes a key', async () => {
      const first = await putMeta(bob.token, bob.user.id, {
        startupName: 'Builder Bros',
        stage: 'Seed',
        tutorialCompleted: true,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe('User meta successfully updated.');
      const second = await putMeta(bob.token, bob.user.id, {
        industry: 'Climate',
        stage: 'Series A',
        tutorialCompleted: null,
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().data.meta).toEqual({
        startupName: 'Builder Bros',
        stage: 'Series A',
        industry: 'Climate',
      });
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
      ).json().data;
      expect(me.meta).toEqual({ startupName: 'Builder Bros', stage: 'Series A', industry: 'Climate' });
    });

    it("answers 404 for another user's id and a malformed id, and 400 for a bad body", async () => {
      for (const id of [bob.user.id, 'not-a-uuid']) {
        const res = await putMeta(alice.token, id, { startupName: 'Hijack' });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
      ).json().data;
      expect(me.meta.startupName).not.toBe('Hijack');

      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${alice.user.id}/meta`,
        headers: bearer(alice.token),
        payload: { meta: { startupName: '' }, extra: 1 },
      });
      expect(bad.statusCode).toBe(400);
      expect(detailPaths(bad.json())).toEqual(['extra', 'meta.startupName']);
    });

    it('edits every onboarding answer later with onboarding’s choices, and reads them back', async () => {
      const answers = {
        startupName: 'Rocket Co',
        stage: 'Seed',
        industry: 'Health',
        goals: 'Raise a seed round.',
      };
      const res = await putMeta(bob.token, bob.user.id, answers);
      expect(res.statusCode, res.body).toBe(200);
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
      ).json().data;
      expect(me.meta).toMatchObject(answers);
    });

    it.each([
      ['meta.stage', { stage: 'Unicorn' }],
      ['meta.industry', { industry: 'Biotech' }],
      ['meta.goals', { goals: 'x'.repeat(2001) }],
      ['meta.startupName', { startupName: '   ' }],
    ])(
      'refuses an answer onboarding would not accept: 400 naming %s, nothing saved',
      async (field, change) => {
        const before = (
          await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
        ).json().data.meta;
        const res = await putMeta(bob.token, bob.user.id, { ...change });
        expect(res.statusCode).toBe(400);
        expect(detailPaths(res.json())).toEqual([field]);
        const after = (
          await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })
        ).json().data.meta;
        expect(after).toEqual(before);
      },
    );

    it('refuses calls without a token', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${alice.user.id}/meta`,
        payload: { meta: {} },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/check-user-email-exists', () => {
    const check = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/check-user-email-exists', payload: { email } });

    it('says whether an account uses the e-mail, whatever its case', async () => {
      const yes = await check(alice.email.toUpperCase());
      expect(yes.statusCode).toBe(200);
      expect(yes.json()).toEqual({ message: 'Email checked successfully.', data: { exists: true } });
      expect((await check('nobody-at-all@example.com')).json().data).toEqual({ exists: false });
      const bad = await check('nope');
      expect(bad.statusCode).toBe(400);
      expect(detailPaths(bad.json())).toEqual(['email']);
    });
    // Its per-IP limit is tested with the credential limit in abuse/stranger-limits.test.ts.
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import { bearer, detailPaths, login, mailbox, readyUser, uniqueEmail } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { me, post } from './two-factor-support.js';

/** The link of a confirmation mail, and the token it carries. */
const linkToken = (text: string) => {
  const url = /(https?:\/\/\S+\/confirm-email\?token=\S+)/.exec(text)?.[1] ?? '';
  return url ? (new URL(url).searchParams.get('token') ?? '') : '';
};

describe('changing the e-mail address: verified at the new address before it takes effect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token } });

  /** Waits for the outbox worker to send a mail with this subject to the address. */
  async function mailTo(to: string, subject: string) {
    for (let i = 0; i < 50; i += 1) {
      const found = (await mailbox(t.app, to, { atLeast: 0, timeoutMs: 0 })).find((m) =>
        m.subject.includes(subject),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  it('changes the address only when the link is opened, tells the old address, and keeps sessions open', async () => {
    const account = await readyUser(t.app);
    const other = await login(t.app, account.email, account.password);
    const newEmail = uniqueEmail('moved');
    const res = await post(t.app, '/api/auth/email-change', account.token, {
      newEmail: newEmail.toUpperCase(),
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pendingEmail).toBe(newEmail);
    // Nothing changed yet: the account still signs in with the old address.
    expect((await me(t.app, account.token)).json().data.email).toBe(account.email);

    const mail = await mailTo(newEmail, 'Confirm your new Liftoff e-mail address');
    const token = linkToken(mail.text);
    expect(token.length).toBeGreaterThan(16);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ email: newEmail });

    // Both sessions still work, and see the new address.
    expect((await me(t.app, account.token)).json().data.email).toBe(newEmail);
    expect((await me(t.app, other.token)).statusCode).toBe(200);
    const notice = await mailTo(account.email, 'e-mail address of your Liftoff account was changed');
    expect(notice.text).toContain(newEmail);
    // Signing in goes by the new address now.
    expect((await login(t.app, newEmail, account.password)).user.email).toBe(newEmail);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(old.statusCode).toBe(401);

    // The link works once, and says so.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already used/);
    expect(detailPaths(again.json())).toEqual(['token']);
  });

  it('says an expired link has expired, and a made-up one is not valid', async () => {
    const account = await readyUser(t.app);
    const newEmail = uniqueEmail('late');
    await post(t.app, '/api/auth/email-change', account.token, { newEmail, password: account.password });
    const token = linkToken((await mailTo(newEmail, 'Confirm your new')).text);
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
    expect((await me(t.app, account.token)).json().data.email).toBe(account.email);

    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not valid/);
  });

  it('refuses a wrong password, a taken address (naming the field) and bad input', async () => {
    const account = await readyUser(t.app);
    const taken = await readyUser(t.app);
    const wrong = await post(t.app, '/api/auth/email-change', account.token, {
      newEmail: uniqueEmail(),
      password: 'not-my-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailPaths(wrong.json())).toEqual(['password']);

    const used = await post(t.app, '/api/auth/email-change', account.token, {
      newEmail: taken.email,
      password: account.password,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('EMAIL_TAKEN');
    expect(detailPaths(used.json())).toEqual(['newEmail']);

    const same = await post(t.app, '/api/auth/email-change', account.token, {
      newEmail: account.email,
      password: account.password,
    });
    expect(same.statusCode).toBe(400);
    expect(detailPaths(same.json())).toEqual(['newEmail']);

    const bad = await post(t.app, '/api/auth/email-change', account.token, { newEmail: 'nope', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['extra', 'newEmail', 'password']);
    const badConfirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-change/confirm',
      payload: { token: 5 },
    });
    expect(badConfirm.statusCode).toBe(400);
    expect(detailPaths(badConfirm.json())).toEqual(['token']);

    // Nobody signed in cannot ask; the account's address is unchanged throughout.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-change',
      payload: { newEmail: uniqueEmail(), password: account.password },
    });
    expect(anonymous.statusCode).toBe(401);
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) });
    expect(still.json().data.email).toBe(account.email);
  });

  it('refuses the link when someone signed up with the address meanwhile', async () => {
    const account = await readyUser(t.app);
    const newEmail = uniqueEmail('raced');
    await post(t.app, '/api/auth/email-change', account.token, { newEmail, password: account.password });
    const token = linkToken((await mailTo(newEmail, 'Confirm your new')).text);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Eve', lastName: 'Early', email: newEmail, password: account.password },
    });
    expect(early.statusCode).toBe(201);
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect((await me(t.app, account.token)).json().data.email).toBe(account.email);
  });
});

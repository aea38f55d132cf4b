import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { claimsOf, post, totpUser } from './two-factor-support.js';

describe('two-factor backup codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  it('a backup code passes the second factor once; case, spaces and dashes do not matter', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const typed = ` ${account.backupCodes[0]!.toUpperCase().replace('-', ' ')} `;
    const res = await post(t.app, '/api/auth/verify-backup-code', pending.token, { code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Backup code verified successfully.');
    expect(claimsOf(res.json().data.token).twoFactorAuthenticated).toBe(true);
    expect(res.json().data.user.twoFactorEnabled).toBe(true);

    const other = await login(t.app, account.email, PASSWORD);
    const reused = await post(t.app, '/api/auth/verify-backup-code', other.token, {
      code: account.backupCodes[0],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'CODE_INVALID',
      message: expect.stringMatching(/not right or was already used/),
    });
    // Another code still works.
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', other.token, { code: account.backupCodes[1] }))
        .statusCode,
    ).toBe(200);
  });

  it('the same backup code twice at once lets exactly one through', async () => {
    const account = await totpUser(t.app);
    const [a, b] = [await login(t.app, account.email, PASSWORD), await login(t.app, account.email, PASSWORD)];
    const code = account.backupCodes[2]!;
    const answers = await Promise.all([
      post(t.app, '/api/auth/verify-backup-code', a.token, { code }),
      post(t.app, '/api/auth/verify-backup-code', b.token, { code }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('another user’s backup code does not work', async () => {
    const mine = await totpUser(t.app);
    const theirs = await totpUser(t.app);
    const pending = await login(t.app, mine.email, PASSWORD);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', pending.token, { code: theirs.backupCodes[0] }))
        .statusCode,
    ).toBe(400);
  });

  it('is for sessions waiting for the second factor of a two-factor account', async () => {
    const account = await totpUser(t.app);
    const passed = await post(t.app, '/api/auth/verify-backup-code', account.session.token, {
      code: account.backupCodes[3],
    });
    expect(passed.statusCode).toBe(409);
    const plain = await readyUser(t.app);
    const none = await post(t.app, '/api/auth/verify-backup-code', plain.token, { code: 'abcde-fghjk' });
    expect(none.statusCode).toBe(409);
  });
});

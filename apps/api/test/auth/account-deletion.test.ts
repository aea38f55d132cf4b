import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionAttachments } from '../../src/features/programs/tables.js';
import { mailOutbox } from '../../src/plugins/mail-tables.js';
import { detailPaths, login, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { founderWithData } from './account-data-support.js';
import { me, post, totp, totpUser } from './two-factor-support.js';

describe('deleting the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const remove = (token: string, body: Record<string, unknown>) =>
    post(t.app, '/api/auth/account/delete', token, body);

  /** Every column that references users(id), read from the database itself, so a table added later is checked too. */
  async function rowsLeftOf(userId: string) {
    const columns = await t.app.db.execute<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
      where ccu.table_name = 'users' and ccu.column_name = 'id'`);
    const left: Record<string, number> = {};
    const rows = (columns as unknown as { rows?: typeof columns }).rows ?? columns;
    for (const { table_name, column_name } of rows as { table_name: string; column_name: string }[]) {
      const result = await t.app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}::uuid`,
      );
      const n = ((result as unknown as { rows?: { n: number }[] }).rows ??
        (result as unknown as { n: number }[]))[0]!.n;
      if (n > 0) left[`${table_name}.${column_name}`] = n;
    }
    return { left, columns: (rows as unknown[]).length };
  }

  it('removes every row and file of the founder, ends every session at once and confirms by mail', async () => {
    const founder = await founderWithData(t.app, 'deleted-founder');
    const other = await login(t.app, founder.email, founder.password);
    const [file] = await t.app.db
      .select({ key: missionAttachments.storageKey })
      .from(missionAttachments)
      .where(eq(missionAttachments.userId, founder.user.id));
    expect((await rowsLeftOf(founder.user.id)).left).not.toEqual({});

    const res = await remove(founder.token, { password: founder.password });
    expect(res.statusCode, res.body).toBe(200);

    // Both sessions are refused from the next call; signing in again finds no account.
    expect((await me(t.app, founder.token)).statusCode).toBe(401);
    expect((await me(t.app, other.token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: founder.email, password: founder.password },
    });
    expect(again.statusCode).toBe(401);

    const { left, columns } = await rowsLeftOf(founder.user.id);
    expect(columns).toBeGreaterThan(15);
    expect(left).toEqual({});
    await expect(t.app.storage.getStream(file!.key)).rejects.toThrow();

    // The confirmation leaves through the outbox, and is the only mail to the address it keeps.
    let mails = await mailbox(t.app, founder.email);
    for (let i = 0; i < 50 && !mails.some((m) => m.subject.includes('was deleted')); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mails = await mailbox(t.app, founder.email);
    }
    expect(mails.map((m) => m.subject)).toContain('Your Liftoff account was deleted');
    const kept = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, founder.email));
    expect(kept.map((m) => (m.payload as { subject?: string }).subject)).toEqual([
      'Your Liftoff account was deleted',
    ]);
  });

  it('refuses a wrong password and bad input, naming the field, and keeps the account', async () => {
    const founder = await readyUser(t.app);
    const wrong = await remove(founder.token, { password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(detailPaths(wrong.json())).toEqual(['password']);
    const bad = await remove(founder.token, { password: 5, extra: true });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['extra', 'password']);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      payload: { password: founder.password },
    });
    expect(none.statusCode).toBe(401);
    expect((await me(t.app, founder.token)).statusCode).toBe(200);
  });

  it('asks for the second factor when two-step verification is on: an app code or a backup code', async () => {
    const founder = await totpUser(t.app);
    const token = founder.session.token;
    const noCode = await remove(token, { password: founder.password });
    expect(noCode.statusCode).toBe(400);
    expect(detailPaths(noCode.json())).toEqual(['code']);
    const wrongCode = await remove(token, { password: founder.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(detailPaths(wrongCode.json())).toEqual(['code']);
    const wrongBackup = await remove(token, { password: founder.password, code: 'aaaaa-bbbbb' });
    expect(wrongBackup.statusCode).toBe(400);
    expect(detailPaths(wrongBackup.json())).toEqual(['code']);
    expect((await me(t.app, token)).statusCode).toBe(200);

    const done = await remove(token, { password: founder.password, code: founder.backupCodes[0]! });
    expect(done.statusCode, done.body).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);

    // And with the app's code.
    const second = await totpUser(t.app);
    const byApp = await remove(second.session.token, {
      password: second.password,
      code: totp(second.secret, 1),
    });
    expect(byApp.statusCode, byApp.body).toBe(200);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { users } from '../../src/db/schema.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { testConfig } from '../helpers/app.js';

// On the embedded database the guard remembers each caller's standing (decision 015). These run on PGlite
// whatever TEST_DATABASE_URL says: with PostgreSQL every call reads the row, which the rest of the suite covers.
describe('standings remembered on the embedded database', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ ...testConfig(), database: { kind: 'pglite', dataDir: null } });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (token: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/expert', headers: bearer(token) });
    return res.statusCode === 200 ? 200 : [res.statusCode, res.json().code];
  };
  const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
    app.db.update(users).set(values).where(eq(users.id, id));

  it('see a change made by any statement on the very next call', async () => {
    const founder = await readyUser(app);
    const id = founder.user.id;
    // Twice: the second answer comes from memory.
    expect(await call(founder.token)).toBe(200);
    expect(await call(founder.token)).toBe(200);

    await setUser(id, { verified: false });
    expect(await call(founder.token)).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    await setUser(id, { verified: true, twoFactorEnabled: true });
    expect(await call(founder.token)).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    // Raw SQL, not the ORM: the database tells of it, not the code that wrote it.
    await app.db.execute(sql`update users set two_factor_enabled = false where id = ${id}`);
    expect(await call(founder.token)).toBe(200);
    await app.db.delete(users).where(eq(users.id, id));
    expect(await call(founder.token)).toEqual([401, 'TOKEN_INVALID']);
  });

  it('see a change in a transaction once it commits, and none when it rolls back', async () => {
    const founder = await readyUser(app);
    const id = founder.user.id;
    expect(await call(founder.token)).toBe(200);

    await expect(
      app.db.transaction(async (tx) => {
        await tx.update(users).set({ verified: false }).where(eq(users.id, id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await call(founder.token)).toBe(200);

    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ verified: false }).where(eq(users.id, id));
    });
    expect(await call(founder.token)).toEqual([403, 'EMAIL_NOT_VERIFIED']);
  });

  it('forget everyone when the users are truncated', async () => {
    const founder = await readyUser(app);
    expect(await call(founder.token)).toBe(200);
    await app.db.execute(sql`truncate users cascade`);
    expect(await call(founder.token)).toEqual([401, 'TOKEN_INVALID']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { inviteCofounder, myStartup, notificationTitles } from './helpers.js';

describe('startups: deleting and exporting a member’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const deleteAccount = (account: { token: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: bearer(account.token),
      payload: { password: account.password },
    });

  it('leaves the startup with the others, the longest-standing becoming owner', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'B' });
    const cy = await verifiedUser(t.app, { firstName: 'Cy', lastName: 'C' });
    await inviteCofounder(t.app, ada.token, ben.email);
    await inviteCofounder(t.app, ada.token, cy.email);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/startup',
      headers: bearer(ada.token),
      payload: { oneLiner: 'Payroll for bakeries' },
    });
    const before = await myStartup(t.app, ben.token);

    expect((await deleteAccount(ada)).statusCode).toBe(200);
    const after = await myStartup(t.app, cy.token);
    expect(after).toMatchObject({ id: before.id, name: 'Acme', oneLiner: 'Payroll for bakeries' });
    expect(after.members.map((m) => [m.userId, m.role])).toEqual([
      [ben.user.id, 'owner'],
      [cy.user.id, 'cofounder'],
    ]);
    expect(await notificationTitles(t.app, ben.token)).toContain('You now own Acme');
  });

  it("deletes the startup with its last member's account, and the invitations to the address", async () => {
    const admin = await personWith(t.app, ['admin']);
    const ada = await readyUser(t.app);
    const ben = await readyUser(t.app);
    const id = (await myStartup(t.app, ada.token)).id;
    await inviteCofounder(t.app, ada.token, ben.email);
    expect((await deleteAccount(ada)).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/studio/startups/${id}`,
      headers: bearer(admin.token),
    });
    expect(gone.statusCode).toBe(404);
    const received = await t.app.inject({
      method: 'GET',
      url: '/api/startup/invitations/received',
      headers: bearer(ben.token),
    });
    expect(received.json().data).toEqual([]);
  });

  it('exports the startup marked as shared', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'B' });
    await inviteCofounder(t.app, ada.token, ben.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account/export',
      headers: bearer(ben.token),
    });
    expect(res.statusCode).toBe(200);
    const exported = JSON.parse(res.body) as { startup: Record<string, unknown> };
    expect(exported.startup).toMatchObject({
      shared: true,
      name: 'Acme',
      members: [
        expect.objectContaining({ name: 'Ada Founder', role: 'owner' }),
        expect.objectContaining({ userId: ben.user.id, role: 'cofounder' }),
      ],
    });
  });
});

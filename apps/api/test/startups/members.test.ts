import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailbox, readyUser, uniqueEmail, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { createCohort, invite } from '../cohorts/helpers.js';
import { inviteCofounder, myStartup, notificationTitles } from './helpers.js';

describe('startups: the company and its members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('makes a founder the owner of a startup holding onboarding’s company answers', async () => {
    const ada = await readyUser(t.app);
    const startup = await myStartup(t.app, ada.token);
    expect(startup).toMatchObject({ name: 'Acme', stage: 'Idea', industry: 'Fintech' });
    expect(startup.members).toEqual([
      expect.objectContaining({ userId: ada.user.id, role: 'owner', email: ada.email, name: 'Ada Founder' }),
    ]);
  });

  it("answers the founder API's company answers from the startup, for every member; personal ones stay", async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app);
    await inviteCofounder(t.app, ada.token, ben.email);
    const meta = async (token: string) =>
      (await call(token, 'GET', '/api/auth/me')).json().data.meta as Record<string, unknown>;
    expect(await meta(ben.token)).toMatchObject({ startupName: 'Acme', stage: 'Idea', industry: 'Fintech' });

    await call(ada.token, 'PATCH', '/api/startup', { name: 'Acme Labs', stage: 'Seed' });
    expect(await meta(ben.token)).toMatchObject({ startupName: 'Acme Labs', stage: 'Seed' });

    const written = await call(ben.token, 'PUT', `/api/user/${ben.user.id}/meta`, {
      meta: { industry: 'Health', goals: 'Find customers' },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().data.meta).toMatchObject({ startupName: 'Acme Labs', industry: 'Health' });
    expect((await myStartup(t.app, ada.token)).industry).toBe('Health');
    const adas = await meta(ada.token);
    expect(adas).toMatchObject({ startupName: 'Acme Labs', industry: 'Health' });
    expect(adas.goals).toBeUndefined();
  });

  it('lets a member edit the company and names a bad field', async () => {
    const ada = await readyUser(t.app);
    const res = await call(ada.token, 'PATCH', '/api/startup', {
      oneLiner: 'Payroll for bakeries',
      website: 'https://acme.example',
      location: 'Berlin',
      foundedOn: '2025-03-01',
      stage: 'Seed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ oneLiner: 'Payroll for bakeries', foundedOn: '2025-03-01' });
    const bad = await call(ada.token, 'PATCH', '/api/startup', { website: 'acme', foundedOn: 'March' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['foundedOn', 'website']);
  });

  it('joins an account in no startup at once, and tells the owner', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'Cofounder' });
    const result = await inviteCofounder(t.app, ada.token, ben.email);
    expect(result).toMatchObject({ joined: true, invitation: { status: 'ACCEPTED' } });
    const startup = await myStartup(t.app, ben.token);
    expect(startup.members.map((m) => [m.name, m.role])).toEqual([
      ['Ada Founder', 'owner'],
      ['Ben Cofounder', 'cofounder'],
    ]);
    // Ben's verification code came first; the mail about joining leaves the outbox after the answer.
    const bensMails = await mailbox(t.app, ben.email, { atLeast: 2 });
    expect(bensMails.some((m) => m.subject === 'You joined Acme on Liftoff')).toBe(true);
    expect(await notificationTitles(t.app, ada.token)).toContain('Ben Cofounder joined Acme');
    // Completing onboarding later keeps them in the startup they joined.
    await call(ben.token, 'PUT', `/api/user/${ben.user.id}/meta`, {
      meta: { startupName: 'Acme', stage: 'Idea', industry: 'Fintech' },
    });
    await call(ben.token, 'PATCH', `/api/user/update-user/${ben.user.id}`, { profileCompleted: true });
    expect((await myStartup(t.app, ben.token)).id).toBe(startup.id);
  });

  it('mails an address without an account; signing up with it joins the startup', async () => {
    const ada = await readyUser(t.app);
    const email = uniqueEmail('cofounder');
    const result = await inviteCofounder(t.app, ada.token, email);
    expect(result).toMatchObject({ joined: false, invitation: { status: 'PENDING', email } });
    const [mail] = await mailbox(t.app, email);
    expect(mail?.subject).toBe('Ada Founder invites you to Acme on Liftoff');
    expect(mail?.text).toContain(`/sign-up?email=${encodeURIComponent(email)}`);
    expect((await myStartup(t.app, ada.token)).invitations.map((i) => i.email)).toEqual([email]);

    const cy = await verifiedUser(t.app, { email, firstName: 'Cy' });
    const startup = await myStartup(t.app, cy.token);
    expect(startup.members.map((m) => m.userId)).toContain(cy.user.id);
    expect(startup.invitations).toEqual([]);
  });

  it('asks a member of another startup to accept, which moves them and dissolves their one-person startup', async () => {
    const ada = await readyUser(t.app);
    const ben = await readyUser(t.app);
    const bensOwn = await myStartup(t.app, ben.token);
    const result = await inviteCofounder(t.app, ada.token, ben.email);
    expect(result).toMatchObject({ joined: false, invitation: { status: 'PENDING' } });
    expect((await myStartup(t.app, ben.token)).id).toBe(bensOwn.id);

    const received = await call(ben.token, 'GET', '/api/startup/invitations/received');
    expect(received.json().data).toEqual([
      expect.objectContaining({ id: result.invitation.id, startupName: 'Acme' }),
    ]);
    // Nobody else may accept it.
    const other = await readyUser(t.app);
    const stolen = await call(other.token, 'POST', `/api/startup/invitations/${result.invitation.id}/accept`);
    expect(stolen.statusCode).toBe(404);

    const accepted = await call(ben.token, 'POST', `/api/startup/invitations/${result.invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const joined = accepted.json().data;
    expect(joined.id).toBe((await myStartup(t.app, ada.token)).id);
    expect(joined.members).toHaveLength(2);
    // Ben's one-person startup had nobody left: it is gone.
    const admin = await personWith(t.app, ['admin']);
    expect((await call(admin.token, 'GET', `/api/studio/startups/${bensOwn.id}`)).statusCode).toBe(404);
    const again = await call(ben.token, 'POST', `/api/startup/invitations/${result.invitation.id}/accept`);
    expect(again.statusCode).toBe(404);
  });

  it('lets a member of another startup decline: the invitation closes and they stay where they are', async () => {
    const ada = await readyUser(t.app);
    const ben = await readyUser(t.app);
    const bensOwn = await myStartup(t.app, ben.token);
    const result = await inviteCofounder(t.app, ada.token, ben.email);
    const url = `/api/startup/invitations/${result.invitation.id}/decline`;
    // Only the invited address may answer it.
    const other = await readyUser(t.app);
    expect((await call(other.token, 'POST', url)).statusCode).toBe(404);

    const declined = await call(ben.token, 'POST', url);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'DECLINED', startupName: 'Acme' });
    expect((await myStartup(t.app, ben.token)).id).toBe(bensOwn.id);
    expect((await call(ben.token, 'GET', '/api/startup/invitations/received')).json().data).toEqual([]);
    // The owner no longer sees it waiting, and it can be neither accepted nor declined again.
    expect((await myStartup(t.app, ada.token)).invitations).toEqual([]);
    const accept = `/api/startup/invitations/${result.invitation.id}/accept`;
    expect((await call(ben.token, 'POST', accept)).statusCode).toBe(404);
    expect((await call(ben.token, 'POST', url)).statusCode).toBe(404);
  });

  it('lets only the owner invite, remove and hand on; a member leaves on their own', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'B' });
    const cy = await verifiedUser(t.app, { firstName: 'Cy', lastName: 'C' });
    await inviteCofounder(t.app, ada.token, ben.email);
    await inviteCofounder(t.app, ada.token, cy.email);

    const byMember = await call(ben.token, 'POST', '/api/startup/invitations', { email: uniqueEmail() });
    expect(byMember.statusCode).toBe(403);
    expect((await call(ben.token, 'DELETE', `/api/startup/members/${cy.user.id}`)).statusCode).toBe(403);
    expect((await call(ada.token, 'DELETE', `/api/startup/members/${ada.user.id}`)).statusCode).toBe(409);

    const removed = await call(ada.token, 'DELETE', `/api/startup/members/${cy.user.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.members.map((m: { userId: string }) => m.userId)).toEqual([
      ada.user.id,
      ben.user.id,
    ]);
    expect((await call(cy.token, 'GET', '/api/startup')).statusCode).toBe(404);
    expect(await notificationTitles(t.app, cy.token)).toContain('You are no longer a member of Acme');

    const handed = await call(ada.token, 'PUT', '/api/startup/owner', { userId: ben.user.id });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().data.members.map((m: { role: string }) => m.role)).toEqual(['cofounder', 'owner']);
    expect(await notificationTitles(t.app, ben.token)).toContain('You now own Acme');
    expect((await call(ada.token, 'PUT', '/api/startup/owner', { userId: ben.user.id })).statusCode).toBe(
      403,
    );

    expect((await call(ada.token, 'POST', '/api/startup/leave')).statusCode).toBe(200);
    expect((await myStartup(t.app, ben.token)).members.map((m) => m.userId)).toEqual([ben.user.id]);
    // Someone in no startup may start one.
    const started = await call(ada.token, 'POST', '/api/startup', { name: 'Ada Labs', stage: 'Idea' });
    expect(started.statusCode).toBe(201);
    expect(started.json().data.members).toEqual([
      expect.objectContaining({ userId: ada.user.id, role: 'owner' }),
    ]);
    expect((await call(ada.token, 'POST', '/api/startup', { name: 'Second' })).statusCode).toBe(409);
  });

  it('passes ownership to the longest-standing member when the owner leaves, and deletes an empty startup', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app);
    const cy = await verifiedUser(t.app);
    await inviteCofounder(t.app, ada.token, ben.email);
    await inviteCofounder(t.app, ada.token, cy.email);
    const id = (await myStartup(t.app, ada.token)).id;
    await call(ada.token, 'POST', '/api/startup/leave');
    expect((await myStartup(t.app, cy.token)).members.map((m) => [m.userId, m.role])).toEqual([
      [ben.user.id, 'owner'],
      [cy.user.id, 'cofounder'],
    ]);
    expect(await notificationTitles(t.app, ben.token)).toContain('You now own Acme');
    await call(ben.token, 'POST', '/api/startup/leave');
    await call(cy.token, 'POST', '/api/startup/leave');
    const admin = await personWith(t.app, ['admin']);
    expect((await call(admin.token, 'GET', `/api/studio/startups/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another startup's invitations and members", async () => {
    const ada = await readyUser(t.app);
    const eve = await readyUser(t.app);
    const pending = await inviteCofounder(t.app, eve.token, uniqueEmail());
    expect(
      (await call(ada.token, 'DELETE', `/api/startup/invitations/${pending.invitation.id}`)).statusCode,
    ).toBe(404);
    expect((await call(ada.token, 'DELETE', `/api/startup/members/${eve.user.id}`)).statusCode).toBe(404);
    expect((await call(ada.token, 'PUT', '/api/startup/owner', { userId: eve.user.id })).statusCode).toBe(
      404,
    );
    const revoked = await call(eve.token, 'DELETE', `/api/startup/invitations/${pending.invitation.id}`);
    expect(revoked.json().data.status).toBe('REVOKED');
    const none = await verifiedUser(t.app);
    expect((await call(none.token, 'GET', '/api/startup')).statusCode).toBe(404);
    expect((await call(none.token, 'PATCH', '/api/startup', { name: 'X' })).statusCode).toBe(404);
  });

  it('lets the program team see and invite to startups of their cohorts only', async () => {
    const manager = await personWith(t.app, ['manager']);
    const stranger = await personWith(t.app, ['manager']);
    const ada = await readyUser(t.app);
    const cohort = await createCohort(t.app, manager.token);
    await invite(t.app, manager.token, cohort.id, { email: ada.email });
    const id = (await myStartup(t.app, ada.token)).id;

    expect((await call(stranger.token, 'GET', `/api/studio/startups/${id}`)).statusCode).toBe(404);
    const refused = await call(stranger.token, 'POST', `/api/studio/startups/${id}/invitations`, {
      email: uniqueEmail(),
    });
    expect(refused.statusCode).toBe(404);

    const seen = await call(manager.token, 'GET', `/api/studio/startups/${id}`);
    expect(seen.json().data.members.map((m: { userId: string }) => m.userId)).toEqual([ada.user.id]);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'B' });
    const invited = await call(manager.token, 'POST', `/api/studio/startups/${id}/invitations`, {
      email: ben.email,
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.joined).toBe(true);
    expect(await notificationTitles(t.app, manager.token)).toContain('Ben B joined Acme');
  });
});

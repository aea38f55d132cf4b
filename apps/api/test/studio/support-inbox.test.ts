import type { SupportInboxPage, SupportTicket } from '@liftoff/contracts/support';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

describe('the support inbox of the studio', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof personWith>>;
  let founder: Awaited<ReturnType<typeof readyUser>>;
  const word = `zephyr${randomUUID().slice(0, 6)}`;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
    manager = await personWith(t.app, ['manager']);
    founder = await readyUser(t.app);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  // One account may send five messages per quarter hour; the later tests write from another account.
  const send = async (
    kind: 'CONTACT_US' | 'TUTORIAL',
    subject: string,
    message: string,
    token = founder.token,
  ) => {
    const res = await call('POST', '/api/feedback', token, { kind, subject, message });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const inbox = async (query: string, token = manager.token) => {
    const res = await call('GET', `/api/studio/support?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().data as SupportInboxPage;
  };

  it('is closed to founders', async () => {
    expect((await call('GET', '/api/studio/support', founder.token)).statusCode).toBe(403);
    const id = await send('CONTACT_US', 'Locked out', 'Cannot open my worksheet.');
    const res = await call('POST', `/api/studio/support/${id}/replies`, founder.token, { message: 'hi' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('lists new messages and filters them by status, kind and text', async () => {
    const contact = await send('CONTACT_US', `Billing ${word}`, 'Where is my invoice?');
    const tutorial = await send('TUTORIAL', 'Video broken', `The second ${word} video does not play.`);
    await send('TUTORIAL', 'Other', 'Nothing to see.');

    const found = await inbox(`q=${word}`);
    expect(found.tickets.map((ticket) => ticket.id).sort()).toEqual([contact, tutorial].sort());
    expect(found.tickets.every((ticket) => ticket.status === 'new' && ticket.email === founder.email)).toBe(
      true,
    );
    expect((await inbox(`q=${word}&kind=TUTORIAL`)).tickets.map((ticket) => ticket.id)).toEqual([tutorial]);
    expect((await inbox(`q=${founder.email}`)).total).toBeGreaterThanOrEqual(3);
    // Wildcards in the search are taken literally.
    expect((await inbox('q=%25')).total).toBe(0);

    const closed = await call('PUT', `/api/studio/support/${contact}/status`, manager.token, {
      status: 'closed',
    });
    expect((closed.json().data as SupportTicket).status).toBe('closed');
    expect((await inbox(`q=${word}&status=closed`)).tickets.map((ticket) => ticket.id)).toEqual([contact]);
    expect((await inbox(`q=${word}&status=new`)).tickets.map((ticket) => ticket.id)).toEqual([tutorial]);

    const { entries } = await t.app.audit.list({ recordId: contact, page: 1, pageSize: 10 });
    expect(entries.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ['support.status_changed', manager.user.id, { status: 'new' }, { status: 'closed' }],
    ]);
  });

  it('mails a reply to the founder, shows it in their notifications, marks it answered and logs it', async () => {
    const id = await send('CONTACT_US', 'Mentor hours', 'When can I meet a mentor?');
    const res = await call('POST', `/api/studio/support/${id}/replies`, manager.token, {
      message: 'Mentors hold office hours every Thursday at 10.',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json().data as SupportTicket;
    expect(ticket.status).toBe('answered');
    expect(ticket.replies).toMatchObject([
      { message: 'Mentors hold office hours every Thursday at 10.', authorEmail: manager.email },
    ]);

    // The outbox sends it a moment after the commit; the founder's earlier mails are there already.
    const replyMail = async () =>
      (await mailbox(t.app, founder.email)).find((mail) => mail.subject === 'Re: Mentor hours');
    await expect.poll(replyMail, { timeout: 5000 }).toBeDefined();
    expect((await replyMail())?.text).toContain('Mentors hold office hours every Thursday at 10.');

    await t.app.events.settled();
    const centre = await call('GET', '/api/notifications', founder.token);
    const entry = centre
      .json()
      .data.notifications.find((n: { kind: string }) => n.kind === 'support.replied');
    expect(entry).toMatchObject({
      title: 'The support team answered: Mentor hours',
      body: 'Mentors hold office hours every Thursday at 10.',
    });
    // The reply mail is the only mail: the notification does not send a second one.
    expect(
      (await mailbox(t.app, founder.email)).filter((m) => m.subject.includes('Mentor hours')),
    ).toHaveLength(1);

    const { entries } = await t.app.audit.list({ recordId: id, page: 1, pageSize: 10 });
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([['support.replied', manager.user.id]]);
  });

  it('answers 404 for an unknown message and 400 naming the field for bad input', async () => {
    const unknown = await call('POST', `/api/studio/support/${randomUUID()}/replies`, manager.token, {
      message: 'hello',
    });
    expect(unknown.statusCode).toBe(404);
    const id = await send('CONTACT_US', 'Bad input', 'x', (await readyUser(t.app)).token);
    const empty = await call('POST', `/api/studio/support/${id}/replies`, manager.token, { message: ' ' });
    expect([empty.statusCode, detailPaths(empty.json())]).toEqual([400, ['message']]);
    const status = await call('PUT', `/api/studio/support/${id}/status`, manager.token, { status: 'done' });
    expect([status.statusCode, detailPaths(status.json())]).toEqual([400, ['status']]);
    const filter = await call('GET', '/api/studio/support?status=open', manager.token);
    expect([filter.statusCode, detailPaths(filter.json())]).toEqual([400, ['status']]);
  });
});

import type { Notification } from '@liftoff/contracts/notifications';
import type { MySupportMessage } from '@liftoff/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

describe("a founder's own support messages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it("shows the founder the team's reply, with a notification that leads there, and nobody else", async () => {
    const founder = await readyUser(t.app);
    const other = await readyUser(t.app);
    const manager = await personWith(t.app, ['manager']);
    const sent = await call('POST', '/api/feedback', founder.token, {
      kind: 'CONTACT_US',
      subject: 'Mentor hours',
      message: 'When can I meet a mentor?',
    });
    const id = sent.json().data.id as string;

    const before = (await call('GET', '/api/feedback/mine', founder.token)).json().data as MySupportMessage[];
    expect(before).toMatchObject([{ id, subject: 'Mentor hours', status: 'new', replies: [] }]);

    const replied = await call('POST', `/api/studio/support/${id}/replies`, manager.token, {
      message: 'Tuesdays at 10, book from the experts page.',
    });
    expect(replied.statusCode).toBe(201);

    const mine = (await call('GET', '/api/feedback/mine', founder.token)).json().data as MySupportMessage[];
    expect(mine).toMatchObject([
      { id, status: 'answered', replies: [{ message: 'Tuesdays at 10, book from the experts page.' }] },
    ]);
    // Who in the team answered is not the founder's to see.
    expect(JSON.stringify(mine)).not.toContain(manager.email);
    expect((await call('GET', '/api/feedback/mine', other.token)).json().data).toEqual([]);

    await expect
      .poll(async () => {
        const list = (await call('GET', '/api/notifications', founder.token)).json().data;
        return list.notifications.map((n: Notification) => [n.title, n.link]);
      })
      .toContainEqual(['The support team answered: Mentor hours', '/my-messages']);
  });
});

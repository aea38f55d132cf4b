import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, readyUser } from '../helpers/accounts.js';
import { addExpert, appWithClock, book } from './helpers.js';

// Without SMTP the development outbox keeps each mail with its attachments, so a developer can open the
// calendar invite a founder and an expert would receive.
let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

describe('the development outbox', () => {
  it("keeps a meeting's invite.ics and serves its bytes", async () => {
    const expert = await addExpert(t.app);
    const founder = await readyUser(t.app);
    await book(t.app, founder.token, { expertId: expert.id, start: '2026-03-02T09:30:00-05:00' });

    const [mail] = await mailbox(t.app, expert.email);
    expect(mail!.attachments).toEqual([
      {
        filename: 'invite.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        size: expect.any(Number),
        url: `/api/dev/mailbox/${mail!.id}/attachments/0`,
      },
    ]);
    const file = await t.app.inject({ method: 'GET', url: mail!.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
    expect(file.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*METHOD:REQUEST\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(file.rawPayload.length).toBe(mail!.attachments[0]!.size);

    // The founder gets the invite too; a mail without attachments (the first: the verification code) lists none.
    const founderMails = await mailbox(t.app, founder.email, { atLeast: 2 });
    expect(founderMails[0]!.attachments.map((a) => a.filename)).toEqual(['invite.ics']);
    expect(founderMails.at(-1)!.attachments).toEqual([]);
    // An unknown attachment is a 404.
    const missing = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${mail!.id}/attachments/3` });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

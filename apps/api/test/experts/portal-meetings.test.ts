import type { PortalMeeting } from '@liftoff/contracts/expert-meetings';
import type { MeetingRequest } from '@liftoff/contracts/experts';
import type { Notification } from '@liftoff/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { bearer, detailPaths, mailbox, readyUser } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock, book } from './helpers.js';
import { eventOf, icsUtc } from './ics-parse.js';

// Meetings seen from the expert portal. The expert's zone is New York, which moves its clocks on
// 8 March 2026 (the slot tests' date): a request on Monday 2 March moved to Monday 9 March keeps 09:00 on
// the expert's wall clock while its UTC instant moves an hour earlier.
let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** An expert profile with an account linked to it, signed in. */
async function expertAccount(rules: Parameters<typeof addExpert>[1] = {}) {
  const profile = await addExpert(t.app, rules);
  const account = await personWith(t.app, ['expert'], { twoFactor: false });
  expect(await portalRepository(t.app.db).link(profile.id, account.user.id)).toBe(true);
  return { token: account.token, userId: account.user.id as string, profile };
}

/** The newest mail to `to` whose subject starts with `prefix`, with its invite parsed. */
async function inviteMail(to: string, prefix: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const mail = (await mailbox(t.app, to)).find((m) => m.subject.startsWith(prefix));
    if (mail) {
      const file = await t.app.inject({ method: 'GET', url: mail.attachments[0]!.url });
      return { mail, cal: eventOf(file.body) };
    }
    if (Date.now() > deadline) throw new Error(`no mail "${prefix}…" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Both people's invite for a change: same UID, the SEQUENCE, METHOD and times expected. */
async function expectInvites(
  emails: string[],
  prefix: string,
  want: { id: string; sequence: number; method: 'REQUEST' | 'CANCEL'; start: string; end: string },
) {
  for (const email of emails) {
    const { cal } = await inviteMail(email, prefix);
    expect(cal.calendar('METHOD'), email).toBe(want.method);
    expect(cal.event('UID')?.value).toBe(`${want.id}@localhost`);
    expect(cal.event('SEQUENCE')?.value).toBe(String(want.sequence));
    expect(icsUtc(cal.event('DTSTART')!.value)).toBe(want.start);
    expect(icsUtc(cal.event('DTEND')!.value)).toBe(want.end);
    if (want.method === 'CANCEL') expect(cal.event('STATUS')?.value).toBe('CANCELLED');
  }
}

/** The person's notification whose title holds `text`, once the centre has made it (events are delivered after the answer). */
/** Posts the Accept / Decline form of the signed link in the expert's newest request mail. */
async function answerByLink(expertEmail: string, action: 'accept' | 'decline') {
  const request = (await mailbox(t.app, expertEmail)).find((m) =>
    m.subject.startsWith('New meeting request'),
  )!;
  const url = new URL(/(https?:\/\/\S+\/respond\?token=\S+)/.exec(request.text)![1]!);
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token')!, action }).toString(),
  });
}

async function notified(token: string, text: string): Promise<Notification> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const res = await call('GET', '/api/notifications', token);
    expect(res.statusCode).toBe(200);
    const found = (res.json().data.notifications as Notification[]).find((n) => n.title.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no notification "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('meetings in the expert portal', () => {
  it('request → propose another slot across the DST change → founder accepts → expert cancels, with an updated invite to both each time', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T09:00:00-05:00',
      timezone: 'Europe/Berlin',
      note: 'Pricing',
    });
    const both = [founder.email, expert.profile.email];

    // The expert sees it as pending, with who asked.
    const pending = await call('GET', '/api/expert-portal/meetings?status=pending', expert.token);
    expect(pending.statusCode).toBe(200);
    const [listed] = pending.json().data as PortalMeeting[];
    expect(listed).toMatchObject({
      id: meeting.id,
      status: 'REQUESTED',
      awaiting: 'expert',
      founderEmail: founder.email,
      context: { startupName: 'Acme' },
    });
    for (const status of ['accepted', 'declined', 'past'])
      expect(
        (await call('GET', `/api/expert-portal/meetings?status=${status}`, expert.token)).json().data,
      ).toEqual([]);

    // The expert's own slots on 9 March, in their zone (EDT after the change): 09:00 is 13:00Z.
    const slots = await call(
      'GET',
      `/api/expert-portal/meetings/${meeting.id}/slots?date=2026-03-09`,
      expert.token,
    );
    expect(slots.statusCode).toBe(200);
    expect(slots.json().data).toMatchObject({ timezone: 'America/New_York', duration: 30 });
    expect(slots.json().data.slots[0]).toBe('2026-03-09T09:00:00-04:00');

    const proposed = await call('POST', `/api/expert-portal/meetings/${meeting.id}/propose`, expert.token, {
      start: '2026-03-09T09:00:00-04:00',
      message: 'Monday next week suits me better.',
    });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().data).toMatchObject({
      status: 'REQUESTED',
      awaiting: 'founder',
      sequence: 1,
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-09T13:30:00.000Z',
      expertMessage: 'Monday next week suits me better.',
    });
    await expectInvites(both, 'New time proposed', {
      id: meeting.id,
      sequence: 1,
      method: 'REQUEST',
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-09T13:30:00.000Z',
    });
    // The founder reads it in their own zone (Berlin is still on winter time: 14:00).
    const { mail } = await inviteMail(founder.email, 'New time proposed');
    expect(mail.text).toContain('Monday 9 March 2026 at 14:00 (Europe/Berlin)');
    expect(mail.text).toContain('Monday next week suits me better.');
    // Its button opens this meeting in the founder's requests, as the notification does.
    expect(mail.text).toContain(`/overview?meeting=${meeting.id}`);
    const told = await notified(founder.token, 'proposed another time');
    expect(told).toMatchObject({ kind: 'meeting.changed', link: `/overview?meeting=${meeting.id}` });

    // It waits for the founder now: the expert cannot answer it.
    const notYours = await call('POST', `/api/expert-portal/meetings/${meeting.id}/answer`, expert.token, {
      answer: 'accept',
    });
    expect(notYours.statusCode).toBe(409);
    // Nor can the signed link of the request mail (decision 005) answer it on the founder's behalf.
    const viaLink = await answerByLink(expert.profile.email, 'accept');
    expect(viaLink.statusCode).toBe(409);

    const accepted = await call('POST', `/api/expert/meetings/${meeting.id}/proposal`, founder.token, {
      answer: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'ACCEPTED', awaiting: null, sequence: 2 });
    await expectInvites(both, 'Accepted', {
      id: meeting.id,
      sequence: 2,
      method: 'REQUEST',
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-09T13:30:00.000Z',
    });
    expect((await inviteMail(founder.email, 'Accepted')).cal.event('STATUS')?.value).toBe('CONFIRMED');
    expect(await notified(expert.token, 'accepted the time you proposed')).toMatchObject({
      kind: 'meeting.changed',
    });
    const again = await call('POST', `/api/expert/meetings/${meeting.id}/proposal`, founder.token, {
      answer: 'decline',
    });
    expect(again.statusCode).toBe(409);

    const accept = await call('GET', '/api/expert-portal/meetings?status=accepted', expert.token);
    expect((accept.json().data as PortalMeeting[]).map((m) => m.id)).toEqual([meeting.id]);

    const cancelled = await call('POST', `/api/expert-portal/meetings/${meeting.id}/cancel`, expert.token, {
      message: 'Sorry, I am travelling.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', cancelledBy: 'expert', sequence: 3 });
    await expectInvites(both, 'Cancelled', {
      id: meeting.id,
      sequence: 3,
      method: 'CANCEL',
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-09T13:30:00.000Z',
    });
    const mine = await call('GET', '/api/expert/meetings', founder.token);
    expect((mine.json().data as MeetingRequest[]).find((m) => m.id === meeting.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'expert',
      expertMessage: 'Sorry, I am travelling.',
    });
    const declined = await call('GET', '/api/expert-portal/meetings?status=declined', expert.token);
    expect((declined.json().data as PortalMeeting[]).map((m) => m.id)).toEqual([meeting.id]);
  });

  it('accept or decline with a message; notes only after the meeting, which the founder then reads', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    const first = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T10:00:00-05:00',
    });
    const second = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T11:00:00-05:00',
    });
    const declined = await call('POST', `/api/expert-portal/meetings/${second.id}/answer`, expert.token, {
      answer: 'decline',
      message: 'Please ask a question instead.',
    });
    expect(declined.json().data).toMatchObject({ status: 'DECLINED', sequence: 1 });
    await expectInvites([founder.email], 'Declined', {
      id: second.id,
      sequence: 1,
      method: 'CANCEL',
      start: '2026-03-02T16:00:00.000Z',
      end: '2026-03-02T16:30:00.000Z',
    });

    const accepted = await call('POST', `/api/expert-portal/meetings/${first.id}/answer`, expert.token, {
      answer: 'accept',
      message: 'See you then.',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'ACCEPTED',
      sequence: 1,
      expertMessage: 'See you then.',
    });
    const early = await call('PUT', `/api/expert-portal/meetings/${first.id}/notes`, expert.token, {
      notes: 'Too soon',
    });
    expect(early.statusCode).toBe(409);

    t.clock.set('2026-03-02T16:00:00Z');
    try {
      const past = await call('GET', '/api/expert-portal/meetings?status=past', expert.token);
      expect((past.json().data as PortalMeeting[]).map((m) => m.id)).toEqual([first.id]);
      const notes = await call('PUT', `/api/expert-portal/meetings/${first.id}/notes`, expert.token, {
        notes: '- Raise the **starter** tier to €39',
      });
      expect(notes.statusCode).toBe(200);
      expect(notes.json().data).toMatchObject({ sequence: 2 });
      const mine = (await call('GET', '/api/expert/meetings', founder.token)).json().data as MeetingRequest[];
      expect(mine.find((m) => m.id === first.id)?.notes).toBe('- Raise the **starter** tier to €39');
      expect(await notified(founder.token, 'shared notes')).toMatchObject({ kind: 'meeting.changed' });
    } finally {
      t.clock.set('2026-03-01T00:00:00Z');
    }
  });

  it('neither side can cancel inside the minimum notice', async () => {
    const expert = await expertAccount({ minimumNoticeHours: 24 });
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T09:00:00-05:00',
    });
    t.clock.set('2026-03-01T20:00:00Z'); // 18 hours before
    try {
      const byExpert = await call(
        'POST',
        `/api/expert-portal/meetings/${meeting.id}/cancel`,
        expert.token,
        {},
      );
      expect([byExpert.statusCode, byExpert.json().message]).toEqual([
        409,
        'It is too late to cancel this meeting: it is within the minimum notice.',
      ]);
      const byFounder = await call('POST', `/api/expert/meetings/${meeting.id}/cancel`, founder.token);
      expect(byFounder.statusCode).toBe(409);
    } finally {
      t.clock.set('2026-03-01T00:00:00Z');
    }
    const inTime = await call('POST', `/api/expert/meetings/${meeting.id}/cancel`, founder.token);
    expect(inTime.json().data).toMatchObject({ status: 'CANCELLED', cancelledBy: 'founder' });
    expect(await notified(expert.token, 'cancelled your meeting')).toMatchObject({ kind: 'meeting.changed' });
  });

  it("another expert's meeting and another founder's proposal answer 404", async () => {
    const owner = await expertAccount();
    const other = await expertAccount();
    const founder = await readyUser(t.app);
    const stranger = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: owner.profile.id,
      start: '2026-03-02T09:30:00-05:00',
    });
    const base = `/api/expert-portal/meetings/${meeting.id}`;
    for (const [method, url, payload] of [
      ['POST', `${base}/answer`, { answer: 'accept' }],
      ['GET', `${base}/slots?date=2026-03-09`, undefined],
      ['POST', `${base}/propose`, { start: '2026-03-09T09:00:00-04:00' }],
      ['POST', `${base}/cancel`, {}],
      ['PUT', `${base}/notes`, { notes: 'x' }],
    ] as const) {
      const res = await call(method, url, other.token, payload);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect((await call('GET', '/api/expert-portal/meetings', other.token)).json().data).toEqual([]);
    const proposal = await call('POST', `/api/expert/meetings/${meeting.id}/proposal`, stranger.token, {
      answer: 'accept',
    });
    expect(proposal.statusCode).toBe(404);
    // An expert role without a linked profile has nothing addressed to it.
    const unlinked = await personWith(t.app, ['expert'], { twoFactor: false });
    expect((await call('GET', '/api/expert-portal/meetings', unlinked.token)).statusCode).toBe(404);
    // Nothing changed for the owner.
    const mine = (await call('GET', '/api/expert-portal/meetings', owner.token)).json()
      .data as PortalMeeting[];
    expect(mine).toMatchObject([{ id: meeting.id, status: 'REQUESTED', sequence: 0 }]);
  });

  it('bad input answers 400 naming the field', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T10:30:00-05:00',
    });
    const base = `/api/expert-portal/meetings/${meeting.id}`;
    const cases: [Method, string, string, object | undefined, string][] = [
      ['GET', '/api/expert-portal/meetings?status=soon', expert.token, undefined, 'status'],
      ['POST', `${base}/answer`, expert.token, { answer: 'maybe' }, 'answer'],
      ['POST', `${base}/answer`, expert.token, { answer: 'accept', extra: 1 }, 'extra'],
      ['POST', `${base}/answer`, expert.token, { answer: 'accept', message: 'x'.repeat(2001) }, 'message'],
      ['GET', `${base}/slots?date=2026-02-30`, expert.token, undefined, 'date'],
      ['POST', `${base}/propose`, expert.token, { start: 'next monday' }, 'start'],
      ['POST', `${base}/propose`, expert.token, { start: '2026-03-09T09:10:00-04:00' }, 'start'], // off the grid
      ['POST', `${base}/propose`, expert.token, { start: '2026-03-09T13:00:00-04:00' }, 'start'], // outside the hours
      ['PUT', `${base}/notes`, expert.token, { notes: '   ' }, 'notes'],
      ['POST', `/api/expert/meetings/${meeting.id}/proposal`, founder.token, { answer: true }, 'answer'],
      ['GET', '/api/calendar-feeds/meetings.ics', founder.token, undefined, 'token'],
    ];
    for (const [method, url, token, payload, field] of cases) {
      const res = await call(method, url, token, payload);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(detailPaths(res.json()), url).toContain(field);
    }
  });
});

describe('the signed link of the request mail', () => {
  it('still accepts and declines for an expert without an account, and the founder hears of it in the centre', async () => {
    for (const action of ['accept', 'decline'] as const) {
      const profile = await addExpert(t.app);
      const founder = await readyUser(t.app);
      const meeting = await book(t.app, founder.token, {
        expertId: profile.id,
        start: '2026-03-02T09:00:00-05:00',
      });
      const res = await answerByLink(profile.email, action);
      expect(res.statusCode).toBe(200);
      const mine = (await call('GET', '/api/expert/meetings', founder.token)).json().data as MeetingRequest[];
      expect(mine.find((m) => m.id === meeting.id)).toMatchObject({
        status: action === 'accept' ? 'ACCEPTED' : 'DECLINED',
        sequence: 1,
      });
      await expectInvites([founder.email, profile.email], action === 'accept' ? 'Accepted' : 'Declined', {
        id: meeting.id,
        sequence: 1,
        method: action === 'accept' ? 'REQUEST' : 'CANCEL',
        start: '2026-03-02T14:00:00.000Z',
        end: '2026-03-02T14:30:00.000Z',
      });
      const title = action === 'accept' ? 'accepted your meeting' : 'declined your meeting';
      expect(await notified(founder.token, title)).toMatchObject({ kind: 'meeting.changed' });
      // Answering twice does nothing more.
      expect((await answerByLink(profile.email, action)).statusCode).toBe(409);
    }
  });
});

describe("the expert's calendar feed", () => {
  it('lists accepted meetings by a secret URL, shown once; revoking or regenerating refuses the old URL', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    expect((await call('GET', '/api/expert-portal/calendar-feed', expert.token)).json().data).toEqual({
      active: false,
      createdAt: null,
      url: null,
    });
    const made = await call('POST', '/api/expert-portal/calendar-feed', expert.token);
    expect(made.statusCode).toBe(201);
    const { url } = made.json().data as { url: string };
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar-feeds\/meetings\.ics\?token=[\w-]{43}$/);
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    // Afterwards the portal knows it is active, but the URL is not kept.
    expect((await call('GET', '/api/expert-portal/calendar-feed', expert.token)).json().data).toMatchObject({
      active: true,
      url: null,
    });

    const accepted = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-09T09:00:00-04:00',
    });
    await book(t.app, founder.token, { expertId: expert.profile.id, start: '2026-03-02T09:00:00-05:00' });
    await call('POST', `/api/expert-portal/meetings/${accepted.id}/answer`, expert.token, {
      answer: 'accept',
    });

    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = eventOf(feed.body);
    expect(cal.calendar('METHOD')).toBeUndefined();
    expect(cal.props.filter((p) => p.name === 'BEGIN' && p.value === 'VEVENT')).toHaveLength(1);
    expect(cal.event('UID')?.value).toBe(`${accepted.id}@localhost`);
    expect(cal.event('STATUS')?.value).toBe('CONFIRMED');
    expect(icsUtc(cal.event('DTSTART')!.value)).toBe('2026-03-09T13:00:00.000Z');
    expect(icsUtc(cal.event('DTEND')!.value)).toBe('2026-03-09T13:30:00.000Z');

    // Regenerating replaces the token; revoking ends the feed.
    const next = (await call('POST', '/api/expert-portal/calendar-feed', expert.token)).json().data
      .url as string;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const nextPath = next.replace(/^https?:\/\/[^/]+/, '');
    expect((await t.app.inject({ method: 'GET', url: nextPath })).statusCode).toBe(200);
    const revoked = await call('DELETE', '/api/expert-portal/calendar-feed', expert.token);
    expect(revoked.json().data).toEqual({ active: false, createdAt: null, url: null });
    const refused = await t.app.inject({ method: 'GET', url: nextPath });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

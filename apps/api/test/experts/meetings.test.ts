import type { MeetingRequest } from '@liftoff/contracts/experts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, detailPaths, PASSWORD, uniqueEmail } from '../helpers/accounts.js';
import { addExpert, appWithClock, requestMeeting, slots } from './helpers.js';
import { eventOf, icsUtc, unescapeText } from './ics-parse.js';
import { headerOf, mimeParts, startFakeSmtp, type ReceivedMail } from './smtp-fake.js';

// Mails go through the API's real SMTP transport to a fake server, so the .ics attachments can be read.
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: Awaited<ReturnType<typeof appWithClock>>;
let app: App;

const textOf = (mail: ReceivedMail) =>
  mimeParts(mail.raw).find((p) => p.headers['content-type']?.startsWith('text/plain'))?.body ?? '';
const inviteOf = (mail: ReceivedMail) =>
  mimeParts(mail.raw).find((p) => p.headers['content-type']?.startsWith('text/calendar'));

/** readyUser, reading the verification code from the fake SMTP server. */
async function founder(firstName = 'Ada') {
  const email = uniqueEmail();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstName, lastName: 'Founder', email, password: PASSWORD },
  });
  const { token, user } = signup.json().data;
  const [mail] = await smtp.to(email);
  const code = /\b(\d{6})\b/.exec(textOf(mail!))?.[1];
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers: bearer(token),
        payload: { code },
      })
    ).statusCode,
  ).toBe(200);
  await app.inject({
    method: 'PUT',
    url: `/api/user/${user.id}/meta`,
    headers: bearer(token),
    payload: { meta: { startupName: 'Acme; Sons, & Co', stage: 'Idea', industry: 'Fintech' } },
  });
  await app.inject({
    method: 'PATCH',
    url: `/api/user/update-user/${user.id}`,
    headers: bearer(token),
    payload: { profileCompleted: true },
  });
  return { token: token as string, email, id: user.id as string };
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await appWithClock('2026-03-01T00:00:00Z', {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Liftoff <meetings@liftoff.test>',
  });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('request a meeting', () => {
  it('stores the request and e-mails founder and expert an RFC 5545 invite; cancelling sends a CANCEL with the same UID', async () => {
    const expert = await addExpert(app, { bufferAfter: 10 });
    const ada = await founder();
    const note = 'I want feedback on pricing; tiers, annual plans, and a "free" tier.\nAlso: is €29 too low? '
      .repeat(3)
      .trim();
    const res = await requestMeeting(app, ada.token, {
      expertId: expert.id,
      serviceKey: 'deep-dive-60',
      start: '2026-03-02T15:30:00+01:00',
      timezone: 'Europe/Berlin',
      note,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Meeting Request Send Successfully.');
    const meeting = res.json().data as MeetingRequest;
    expect(meeting).toMatchObject({
      expertId: expert.id,
      serviceKey: 'deep-dive-60',
      serviceName: 'Deep dive',
      duration: 60,
      start: '2026-03-02T14:30:00.000Z',
      end: '2026-03-02T15:30:00.000Z',
      timezone: 'Europe/Berlin',
      note,
      status: 'REQUESTED',
      sequence: 0,
      expert: { id: expert.id, firstName: 'Test', headline: 'Test expert' },
    });

    const founderMails = await smtp.to(ada.email, 2); // the verification code, then the request
    const request = founderMails.find((m) => headerOf(m.raw, 'subject').startsWith('Meeting requested'))!;
    expect(request).toBeDefined();
    const [toExpert] = await smtp.to(expert.email);
    expect(textOf(toExpert!)).toContain('Startup: Acme; Sons, & Co');
    expect(textOf(toExpert!)).toContain('Monday 2 March 2026 at 09:30 (America/New_York)');
    expect(textOf(request)).toContain('Monday 2 March 2026 at 15:30 (Europe/Berlin)');

    for (const mail of [request, toExpert!]) {
      const part = inviteOf(mail)!;
      expect(part.headers['content-type']).toMatch(/^text\/calendar;.*method=REQUEST/i);
      const ics = part.body;
      expect(ics.endsWith('\r\n')).toBe(true);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const cal = eventOf(ics);
      expect(cal.calendar('BEGIN')).toBe('VCALENDAR');
      expect(cal.calendar('VERSION')).toBe('2.0');
      expect(cal.calendar('PRODID')).toMatch(/Liftoff/);
      expect(cal.calendar('METHOD')).toBe('REQUEST');
      expect(cal.event('UID')?.value).toBe(`${meeting.id}@localhost`);
      expect(cal.event('SEQUENCE')?.value).toBe('0');
      expect(cal.event('DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
      expect(icsUtc(cal.event('DTSTART')!.value)).toBe(meeting.start);
      expect(icsUtc(cal.event('DTEND')!.value)).toBe(meeting.end);
      expect(cal.event('DTSTART')!.value).toBe('20260302T143000Z');
      // The expert holds the meeting and Liftoff sends for them: a calendar's reply reaches a person who
      // reads mail, and nobody is asked for one, since answers are given in Liftoff (decision 068).
      expect(cal.event('ORGANIZER')?.value).toBe(`mailto:${expert.email}`);
      expect(cal.event('ORGANIZER')?.params['SENT-BY']).toBe('mailto:meetings@liftoff.test');
      expect(cal.event('ORGANIZER')?.params.CN).toBe(`Test ${expert.lastName}`);
      const attendees = cal.all('ATTENDEE');
      expect(attendees.map((a) => a.value).sort()).toEqual(
        [`mailto:${ada.email}`, `mailto:${expert.email}`].sort(),
      );
      for (const a of attendees) expect(a.params.RSVP).toBe('FALSE');
      const partstat = (email: string) => attendees.find((a) => a.value === `mailto:${email}`)?.params;
      expect(partstat(ada.email)?.PARTSTAT).toBe('ACCEPTED');
      expect(partstat(expert.email)).toMatchObject({ PARTSTAT: 'NEEDS-ACTION', ROLE: 'CHAIR' });
      // The meeting's own video call is its place, in the invite and the mail.
      expect(meeting.videoUrl).toMatch(/^https:\/\/meet\.jit\.si\/Liftoff-[0-9a-f]{32}$/);
      expect(unescapeText(cal.event('LOCATION')!.value)).toBe(meeting.videoUrl);
      expect(cal.event('URL')?.value).toBe(meeting.videoUrl);
      expect(textOf(mail)).toContain(meeting.videoUrl);
      expect(attendees.find((a) => a.value === `mailto:${ada.email}`)?.params.CN).toBe('Ada Founder');
      expect(unescapeText(cal.event('SUMMARY')!.value)).toContain('Deep dive');
      const description = unescapeText(cal.event('DESCRIPTION')!.value);
      expect(description).toContain(note);
      expect(description).toContain('Startup: Acme; Sons, & Co');
      expect(description).toContain('Program: Venture Foundations');
    }

    // The founder sees it; 09:30–10:30 and its 10-minute after-buffer are gone for everyone (09:00 would end
    // at 09:30 with its own after-buffer reaching into the meeting).
    const list = await app.inject({ method: 'GET', url: '/api/expert/meetings', headers: bearer(ada.token) });
    expect(list.json().data.map((m: MeetingRequest) => [m.id, m.status])).toEqual([
      [meeting.id, 'REQUESTED'],
    ]);
    const bob = await founder('Bob');
    expect(
      (await slots(app, bob.token, expert.id, '2026-03-02', 'America/New_York')).slots.map((s) =>
        s.slice(11, 16),
      ),
    ).toEqual(['11:00', '11:30']);

    // Someone else can neither see, download nor cancel it.
    expect(
      (await app.inject({ method: 'GET', url: '/api/expert/meetings', headers: bearer(bob.token) })).json()
        .data,
    ).toEqual([]);
    const foreignCancel = await app.inject({
      method: 'POST',
      url: `/api/expert/meetings/${meeting.id}/cancel`,
      headers: bearer(bob.token),
    });
    expect(foreignCancel.statusCode).toBe(404);
    expect(foreignCancel.json().message).toBe('Meeting request not found.');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/expert/meetings/${meeting.id}/invite.ics`,
          headers: bearer(bob.token),
        })
      ).statusCode,
    ).toBe(404);

    // The current invite is downloadable, byte for byte RFC 5545 (CRLF, folded).
    const download = await app.inject({
      method: 'GET',
      url: `/api/expert/meetings/${meeting.id}/invite.ics`,
      headers: bearer(ada.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/calendar/);
    expect(download.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(download.body.split('\r\n').some((line) => line.startsWith(' '))).toBe(true); // the long description is folded
    expect(download.body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    // Cancel: CANCELLED, SEQUENCE 1, METHOD:CANCEL to both with the same UID.
    const before = smtp.mails.length;
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/expert/meetings/${meeting.id}/cancel`,
      headers: bearer(ada.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ id: meeting.id, status: 'CANCELLED', sequence: 1 });
    const cancelMails = await smtp.after(before, 2);
    expect(cancelMails.flatMap((m) => m.to).sort()).toEqual([ada.email, expert.email].sort());
    for (const mail of cancelMails) {
      const part = inviteOf(mail)!;
      expect(part.headers['content-type']).toMatch(/method=CANCEL/i);
      const cal = eventOf(part.body);
      expect(cal.calendar('METHOD')).toBe('CANCEL');
      expect(cal.event('UID')?.value).toBe(`${meeting.id}@localhost`);
      expect(cal.event('SEQUENCE')?.value).toBe('1');
      expect(cal.event('STATUS')?.value).toBe('CANCELLED');
      expect(icsUtc(cal.event('DTSTART')!.value)).toBe(meeting.start);
    }
    const again = await app.inject({
      method: 'POST',
      url: `/api/expert/meetings/${meeting.id}/cancel`,
      headers: bearer(ada.token),
    });
    expect(again.statusCode).toBe(409);
    expect((await slots(app, bob.token, expert.id, '2026-03-02', 'America/New_York')).slots).toHaveLength(6);
  });

  it('two founders racing for one slot: exactly one wins, the other gets a clear 409', async () => {
    const expert = await addExpert(app);
    const [a, b] = [await founder(), await founder('Bob')];
    const start = '2026-03-02T10:00:00-05:00';
    const results = await Promise.all(
      [a, b].map((f) => requestMeeting(app, f.token, { expertId: expert.id, start })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'That time was just booked. Please pick another slot.',
    });

    // Overlapping, not identical, 60-minute requests (10:00 and 10:30 on another expert): the row lock decides.
    const other = await addExpert(app);
    const overlapping = await Promise.all([
      requestMeeting(app, a.token, {
        expertId: other.id,
        serviceKey: 'deep-dive-60',
        start: '2026-03-02T10:00:00-05:00',
      }),
      requestMeeting(app, b.token, {
        expertId: other.id,
        serviceKey: 'deep-dive-60',
        start: '2026-03-02T10:30:00-05:00',
      }),
    ]);
    expect(overlapping.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Asking again later for the taken slot is refused the same way.
    expect((await requestMeeting(app, a.token, { expertId: expert.id, start })).statusCode).toBe(409);
  });

  it('refuses a start that is not a free slot, an unknown expert or service, and a bad body', async () => {
    const expert = await addExpert(app, { minimumNoticeHours: 48 });
    const ada = await founder();
    const cases: [Record<string, unknown>, number, string[]][] = [
      [{ expertId: expert.id, start: '2026-03-09T09:10:00-04:00' }, 400, ['start']], // off the grid
      [{ expertId: expert.id, start: '2026-03-09T13:00:00-04:00' }, 400, ['start']], // outside the hours
      [{ expertId: expert.id, start: '2026-03-02T09:00:00-05:00' }, 400, ['start']], // inside the 48-hour notice
      [{ expertId: expert.id, start: '2026-03-09T09:00:00-04:00', serviceKey: 'nope' }, 400, ['serviceKey']],
      [
        { expertId: expert.id, start: '2026-03-09T09:00:00-04:00', timezone: 'Nowhere/Land' },
        400,
        ['timezone'],
      ],
      [{ expertId: expert.id, start: 'next monday' }, 400, ['start']],
      [{ expertId: expert.id, start: '2026-03-09T09:00:00-04:00', extra: 1 }, 400, ['extra']],
      [{ expertId: '00000000-0000-4000-8000-000000000000', start: '2026-03-09T09:00:00-04:00' }, 404, []],
    ];
    for (const [body, status, fields] of cases) {
      const res = await requestMeeting(app, ada.token, body as never);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(detailPaths(res.json())).toEqual(fields);
    }
    const notSlot = await requestMeeting(app, ada.token, {
      expertId: expert.id,
      start: '2026-03-09T09:10:00-04:00',
    });
    expect(notSlot.json().message).toBe(
      "That time is not one of the expert's free slots. Please pick a slot from the list.",
    );
    // The same instant written with another offset is the same slot.
    expect(
      (await requestMeeting(app, ada.token, { expertId: expert.id, start: '2026-03-09T13:00:00Z' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/expert/meetings/not-an-id/cancel',
          headers: bearer(ada.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the expert's signed accept/decline link", () => {
  const linkIn = (mail: ReceivedMail) => {
    const url = new URL(/(https?:\/\/\S+\/respond\?token=\S+)/.exec(textOf(mail))![1]!);
    return { path: url.pathname, token: url.searchParams.get('token')! };
  };
  const answer = (path: string, token: string, action: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, action }).toString(),
    });

  it('accepting confirms the meeting and sends both sides an updated invite (same UID, SEQUENCE 1)', async () => {
    const expert = await addExpert(app);
    const ada = await founder();
    const meeting = (
      await requestMeeting(app, ada.token, { expertId: expert.id, start: '2026-03-02T09:00:00-05:00' })
    ).json().data as MeetingRequest;
    const [request] = await smtp.to(expert.email);
    await smtp.to(ada.email, 2); // the code and the request are in before the answer's mails are counted
    const { path, token } = linkIn(request!);
    expect(path).toBe(`/api/expert/meetings/${meeting.id}/respond`);

    const pageRes = await app.inject({ method: 'GET', url: `${path}?token=${token}` });
    expect(pageRes.statusCode, `${path}?token=${token} ${pageRes.body.slice(0, 300)}`).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
    expect(pageRes.body).toContain('Ada Founder');
    expect(pageRes.body).toMatch(/name="action" value="accept"/);

    // A forged or another meeting's token does nothing.
    expect((await answer(path, token.slice(0, -2) + 'xx', 'accept')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${path}?token=nope` })).statusCode).toBe(404);

    const before = smtp.mails.length;
    const accepted = await answer(path, token, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('Meeting accepted');
    const mine = (
      await app.inject({ method: 'GET', url: '/api/expert/meetings', headers: bearer(ada.token) })
    ).json().data as MeetingRequest[];
    // The place stays with the meeting through every change.
    expect(mine[0]).toMatchObject({
      id: meeting.id,
      status: 'ACCEPTED',
      sequence: 1,
      videoUrl: meeting.videoUrl,
    });
    const updates = await smtp.after(before, 2);
    expect(updates.flatMap((m) => m.to).sort()).toEqual([ada.email, expert.email].sort());
    const cal = eventOf(inviteOf(updates[0]!)!.body);
    expect(cal.calendar('METHOD')).toBe('REQUEST');
    expect(cal.event('UID')?.value).toBe(`${meeting.id}@localhost`);
    expect(cal.event('SEQUENCE')?.value).toBe('1');
    expect(cal.event('STATUS')?.value).toBe('CONFIRMED');
    expect(unescapeText(cal.event('LOCATION')!.value)).toBe(meeting.videoUrl);
    expect(cal.all('ATTENDEE').find((a) => a.value === `mailto:${expert.email}`)?.params.PARTSTAT).toBe(
      'ACCEPTED',
    );

    // Answering again is refused; the page says it was answered.
    expect((await answer(path, token, 'decline')).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: `${path}?token=${token}` })).body).toContain(
      'already answered',
    );
    // The founder can still cancel an accepted meeting: SEQUENCE 2.
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/expert/meetings/${meeting.id}/cancel`,
      headers: bearer(ada.token),
    });
    expect(cancel.json().data).toMatchObject({ status: 'CANCELLED', sequence: 2 });
  });

  it('declining frees the slot and sends a CANCEL', async () => {
    const expert = await addExpert(app);
    const ada = await founder();
    const meeting = (
      await requestMeeting(app, ada.token, { expertId: expert.id, start: '2026-03-02T09:00:00-05:00' })
    ).json().data as MeetingRequest;
    const { path, token } = linkIn((await smtp.to(expert.email))[0]!);
    await smtp.to(ada.email, 2); // the code and the request are in before the answer's mails are counted
    const before = smtp.mails.length;
    expect((await answer(path, token, 'decline')).statusCode).toBe(200);
    const founderUpdate = (await smtp.after(before, 2)).find((m) => m.to.includes(ada.email))!;
    const cal = eventOf(inviteOf(founderUpdate)!.body);
    expect(cal.calendar('METHOD')).toBe('CANCEL');
    expect(cal.event('SEQUENCE')?.value).toBe('1');
    expect(cal.event('UID')?.value).toBe(`${meeting.id}@localhost`);
    expect((await slots(app, ada.token, expert.id, '2026-03-02', 'America/New_York')).slots).toHaveLength(6);
    // A declined request can no longer be cancelled.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/expert/meetings/${meeting.id}/cancel`,
          headers: bearer(ada.token),
        })
      ).statusCode,
    ).toBe(409);
  });
});

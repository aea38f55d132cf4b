import type { PortalMeeting } from '@liftoff/contracts/expert-meetings';
import type { MeetingRequest } from '@liftoff/contracts/experts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { bearer, detailPaths, mailbox, readyUser } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock, book, slots } from './helpers.js';
import { eventOf, icsUtc } from './ics-parse.js';

// The founder moves a meeting; after it, the expert marks a no-show and both rate it. The clock stands on
// Sunday 1 March 2026 and is moved past a meeting where a test needs it.
let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function expertAccount(rules: Parameters<typeof addExpert>[1] = {}) {
  const profile = await addExpert(t.app, rules);
  const account = await personWith(t.app, ['expert'], { twoFactor: false });
  expect(await portalRepository(t.app.db).link(profile.id, account.user.id)).toBe(true);
  return { token: account.token, profile };
}

/** The newest mail to `to` whose subject starts with `prefix`, with its invite parsed. */
async function inviteMail(to: string, prefix: string) {
  const deadline = Date.now() + 5000;
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

const reschedule = (token: string, id: string, start: string) =>
  call('POST', `/api/expert/meetings/${id}/reschedule`, token, { start });
const accept = (token: string, id: string) =>
  call('POST', `/api/expert-portal/meetings/${id}/answer`, token, { answer: 'accept' });

describe('the founder moves a meeting', () => {
  it('to another free slot of the same expert: same UID, SEQUENCE raised, and the expert confirms the new time', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T09:00:00-05:00',
    });

    // A pending request moves and keeps waiting for the expert.
    const moved = await reschedule(founder.token, meeting.id, '2026-03-02T10:00:00-05:00');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      status: 'REQUESTED',
      awaiting: 'expert',
      sequence: 1,
      start: '2026-03-02T15:00:00.000Z',
      videoUrl: meeting.videoUrl,
    });
    for (const email of [founder.email, expert.profile.email]) {
      const { cal } = await inviteMail(email, 'Moved');
      expect(cal.event('UID')?.value).toBe(`${meeting.id}@localhost`);
      expect(cal.event('SEQUENCE')?.value).toBe('1');
      expect(icsUtc(cal.event('DTSTART')!.value)).toBe('2026-03-02T15:00:00.000Z');
    }
    // The old time is free again, the new one held.
    const free = (await slots(t.app, founder.token, expert.profile.id, '2026-03-02', 'America/New_York'))
      .slots;
    expect(free).toContain('2026-03-02T09:00:00-05:00');
    expect(free).not.toContain('2026-03-02T10:00:00-05:00');

    // Accepted, then moved again: without the expert's leave it waits for them once more.
    expect((await accept(expert.token, meeting.id)).json().data).toMatchObject({
      status: 'ACCEPTED',
      sequence: 2,
    });
    const again = await reschedule(founder.token, meeting.id, '2026-03-09T11:00:00-04:00');
    expect(again.json().data).toMatchObject({ status: 'REQUESTED', awaiting: 'expert', sequence: 3 });
    const confirmed = await accept(expert.token, meeting.id);
    expect(confirmed.json().data).toMatchObject({
      status: 'ACCEPTED',
      sequence: 4,
      start: '2026-03-09T15:00:00.000Z',
    });

    // Not a free slot (off the grid, or taken by another founder) → 400 naming start; a proposal of the
    // expert is answered, not moved → 409; another founder's meeting → 404.
    const other = await readyUser(t.app);
    await book(t.app, other.token, { expertId: expert.profile.id, start: '2026-03-02T11:00:00-05:00' });
    for (const start of [
      '2026-03-02T09:10:00-05:00',
      '2026-03-02T11:00:00-05:00',
      '2026-03-03T09:00:00-05:00',
    ]) {
      const refused = await reschedule(founder.token, meeting.id, start);
      expect(refused.statusCode, start).toBe(400);
      expect(detailPaths(refused.json())).toContain('start');
    }
    expect((await reschedule(other.token, meeting.id, '2026-03-02T09:00:00-05:00')).statusCode).toBe(404);
    const proposal = await call('POST', `/api/expert-portal/meetings/${meeting.id}/propose`, expert.token, {
      start: '2026-03-09T10:00:00-04:00',
    });
    expect(proposal.statusCode).toBe(200);
    expect((await reschedule(founder.token, meeting.id, '2026-03-09T09:00:00-04:00')).statusCode).toBe(409);
    const bad = await call('POST', `/api/expert/meetings/${meeting.id}/reschedule`, founder.token, {
      start: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('start');
  });

  it('stays accepted at once when the expert allows moves', async () => {
    const expert = await expertAccount({ autoAcceptReschedule: true });
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T09:00:00-05:00',
    });
    await accept(expert.token, meeting.id);
    const moved = await reschedule(founder.token, meeting.id, '2026-03-02T09:30:00-05:00');
    expect(moved.json().data).toMatchObject({ status: 'ACCEPTED', awaiting: null, sequence: 2 });
    const { cal } = await inviteMail(expert.profile.email, 'Moved');
    expect(cal.event('STATUS')?.value).toBe('CONFIRMED');
    expect(cal.event('SEQUENCE')?.value).toBe('2');
  });
});

describe('after the meeting', () => {
  it('the expert marks a no-show and both rate it, only once it took place', async () => {
    const expert = await expertAccount();
    const founder = await readyUser(t.app);
    const meeting = await book(t.app, founder.token, {
      expertId: expert.profile.id,
      start: '2026-03-02T09:00:00-05:00',
    });
    await accept(expert.token, meeting.id);
    const noShow = () => call('POST', `/api/expert-portal/meetings/${meeting.id}/no-show`, expert.token);
    const expertRates = (payload: object) =>
      call('PUT', `/api/expert-portal/meetings/${meeting.id}/rating`, expert.token, payload);
    const founderRates = (token: string, payload: object) =>
      call('PUT', `/api/expert/meetings/${meeting.id}/rating`, token, payload);

    expect((await noShow()).statusCode).toBe(409);
    expect((await expertRates({ score: 4 })).statusCode).toBe(409);
    expect((await founderRates(founder.token, { score: 5 })).statusCode).toBe(409);

    t.clock.set('2026-03-02T15:00:00Z'); // half an hour after it ended
    try {
      const marked = await noShow();
      expect(marked.statusCode).toBe(200);
      expect(marked.json().data as PortalMeeting).toMatchObject({
        noShow: true,
        sequence: 1,
        status: 'ACCEPTED',
      });

      const rated = await expertRates({ score: 2, note: 'Waited ten minutes.' });
      expect(rated.json().data.expertRating).toEqual({ score: 2, note: 'Waited ten minutes.' });
      const mine = await founderRates(founder.token, { score: 4, note: 'Useful, once we met.' });
      expect(mine.json().data as MeetingRequest).toMatchObject({
        noShow: true,
        founderRating: { score: 4, note: 'Useful, once we met.' },
        sequence: 1,
      });
      // Given again, a rating replaces the earlier one; each side sees its own.
      await founderRates(founder.token, { score: 5 });
      const list = await call('GET', '/api/expert/meetings', founder.token);
      expect((list.json().data as MeetingRequest[])[0]!.founderRating).toEqual({ score: 5, note: null });
      const portal = await call('GET', '/api/expert-portal/meetings?status=past', expert.token);
      expect((portal.json().data as PortalMeeting[])[0]!.expertRating).toEqual({
        score: 2,
        note: 'Waited ten minutes.',
      });

      for (const score of [0, 6, 3.5]) {
        const res = await founderRates(founder.token, { score });
        expect(res.statusCode, String(score)).toBe(400);
        expect(detailPaths(res.json())).toContain('score');
      }
      const stranger = await readyUser(t.app);
      expect((await founderRates(stranger.token, { score: 1 })).statusCode).toBe(404);
      const otherExpert = await expertAccount();
      expect(
        (await call('POST', `/api/expert-portal/meetings/${meeting.id}/no-show`, otherExpert.token))
          .statusCode,
      ).toBe(404);
    } finally {
      t.clock.set('2026-03-01T00:00:00Z');
    }
  });
});

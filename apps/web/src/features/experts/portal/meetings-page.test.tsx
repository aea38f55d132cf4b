import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalMeeting } from '@liftoff/contracts/expert-meetings';
import { ExpertApp } from '../../../app/expert/expert-app';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { aMeeting } from '../testing/meetings';
import { pretendViewport } from '../../../lib/testing/viewport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const expert = userWith(['expert']);

const meeting: PortalMeeting = {
  ...aMeeting({ note: 'Feedback on our pricing tiers, please.' }),
  expertRating: null,
  founderName: 'Ada Founder',
  founderEmail: 'ada@example.com',
  context: {
    founderName: 'Ada Founder',
    startupName: 'Acme',
    programName: 'Launch',
    milestoneName: 'Validate',
    missionName: 'Interviews',
  },
};

const SLOW = 30_000;
const PHONE = 375;

async function openMeetings(options: { failList?: boolean } = {}) {
  const posts: { url: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const url = new URL(request.url, 'http://app');
    const path = url.pathname;
    if (path === '/api/auth/me') return json(200, { message: 'ok', data: expert });
    if (path === '/api/notifications/unread-count') return json(200, { message: 'ok', data: { unread: 0 } });
    if (path === '/api/expert-portal/meetings') {
      if (options.failList)
        return json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL' });
      const status = url.searchParams.get('status');
      return json(200, { message: 'ok', data: status === 'pending' && !posts.length ? [meeting] : [] });
    }
    if (path === '/api/expert-portal/calendar-feed' && request.method === 'GET')
      return json(200, { message: 'ok', data: { active: false, createdAt: null, url: null } });
    if (path === '/api/expert-portal/calendar-feed' && request.method === 'POST')
      return json(201, {
        message: 'Calendar Feed Created Successfully.',
        data: {
          active: true,
          createdAt: '2099-03-01T10:00:00.000Z',
          url: 'http://app/api/calendar-feeds/meetings.ics?token=secret-token',
        },
      });
    if (path === '/api/expert-portal/meetings/m1/slots')
      return json(200, {
        message: 'ok',
        data: {
          slots: ['2099-03-09T09:00:00-04:00', '2099-03-09T09:30:00-04:00'],
          timezone: 'America/New_York',
          serviceKey: 'intro-30',
          duration: 30,
          date: url.searchParams.get('date'),
          expertTimezone: 'America/New_York',
        },
      });
    if (
      path === '/api/expert-portal/meetings/m1/propose' ||
      path === '/api/expert-portal/meetings/m1/answer'
    ) {
      posts.push({ url: path, body: await request.json() });
      return json(200, {
        message: path.endsWith('propose')
          ? 'New Time Proposed Successfully.'
          : 'Meeting Answered Successfully.',
        data: { ...meeting, awaiting: 'founder', sequence: 1 },
      });
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn([{ path: '/expert/*', element: <ExpertApp /> }], '/expert/meetings', fetchImpl);
  return { posts };
}

describe('the expert portal meetings screen on a 375 px phone', () => {
  beforeEach(() => pretendViewport(PHONE));
  afterEach(() => vi.unstubAllGlobals());

  it(
    'lists a pending request with who asked, and proposes another of the free times in a full-screen dialog',
    async () => {
      const { posts } = await openMeetings();
      const card = await screen.findByRole('listitem', { name: 'Intro call with Ada Founder' });
      expect(within(card).getByText(/Startup: Acme · Milestone: Validate/)).toBeTruthy();
      expect(within(card).getByText(/Feedback on our pricing tiers/)).toBeTruthy();
      expect(within(card).getByText('Pending')).toBeTruthy();

      await userEvent.click(within(card).getByRole('button', { name: 'Propose another time' }));
      const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
      // On a phone the dialog takes the whole screen.
      expect(dialog.className).toMatch(/FullScreen/);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
      expect(await within(dialog).findByText('Pick one of your free times first.')).toBeTruthy();
      const times = await within(dialog).findByRole('group', { name: 'Free times' });
      await userEvent.click(within(times).getAllByRole('button')[1]!);
      await userEvent.type(
        within(dialog).getByLabelText('Message to the founder (optional)'),
        'Monday suits me.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
      await waitFor(() =>
        expect(posts).toEqual([
          {
            url: '/api/expert-portal/meetings/m1/propose',
            body: { start: '2099-03-09T09:30:00-04:00', message: 'Monday suits me.' },
          },
        ]),
      );
      expect(await screen.findByText('Your proposal was sent to the founder.')).toBeTruthy();
      expect(await screen.findByText('No pending meetings')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'accepts with a message, and shows the calendar feed address once to copy',
    async () => {
      const { posts } = await openMeetings();
      const card = await screen.findByRole('listitem', { name: 'Intro call with Ada Founder' });
      await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
      const dialog = await screen.findByRole('dialog', { name: 'Accept this meeting' });
      await userEvent.type(
        within(dialog).getByLabelText('Message to the founder (optional)'),
        'See you then.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Accept meeting' }));
      await waitFor(() =>
        expect(posts).toEqual([
          {
            url: '/api/expert-portal/meetings/m1/answer',
            body: { answer: 'accept', message: 'See you then.' },
          },
        ]),
      );

      await userEvent.click(screen.getByRole('button', { name: 'Make a feed address' }));
      const address = (await screen.findByLabelText('Subscription address')) as HTMLInputElement;
      expect(address.value).toBe('http://app/api/calendar-feeds/meetings.ics?token=secret-token');
      expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Turn the feed off' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows an empty tab in words',
    async () => {
      await openMeetings();
      await screen.findByRole('listitem', { name: 'Intro call with Ada Founder' });
      await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
      expect(await screen.findByText('No past meetings')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says when the list could not be loaded, with a retry',
    async () => {
      await openMeetings({ failList: true });
      expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    SLOW,
  );
});

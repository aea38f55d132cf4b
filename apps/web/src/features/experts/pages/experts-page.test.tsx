import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Expert } from '@liftoff/contracts/experts';
import { aMeeting } from '../testing/meetings';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { addMonths, monthOf, todayIn, userTimeZone } from '../lib/time';
import { ExpertsPage } from './experts-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const anExpert = (id: string, firstName: string, overrides: Partial<Expert> = {}): Expert => ({
  id,
  key: id,
  authType: 'EMAIL',
  createdAt: '2026-01-01T00:00:00.000Z',
  email: `${id}@experts.test`,
  firstName,
  lastName: 'Expert',
  gender: 'OTHER',
  phoneNumber: '',
  profileImageUrl: '/api/content/experts/avatars/daniel-kim.svg',
  expertMeta: [
    {
      headline: `${firstName} helps with pricing`,
      bio: 'Bio',
      expertise: ['Pricing', 'Sales'],
      linkedin: '',
      languages: ['English', 'German'],
    },
  ],
  services: [{ serviceKey: 'intro-30', name: 'Intro call', duration: 30 }],
  booking: {
    timezone: 'Europe/Berlin',
    bookingWindowDays: 90,
    minimumNoticeHours: 0,
    bufferBefore: 0,
    bufferAfter: 0,
    hasExternalBookingPage: false,
  },
  ...overrides,
});

const erin = anExpert('e1', 'Erin');
const femi = anExpert('e2', 'Femi');
const thisMonth = monthOf(todayIn(userTimeZone()));
const nextMonth = addMonths(thisMonth, 1);

/** Erin's free times on one day, as the availability endpoint answers them. */
const availabilityAnswer = (date: string, slots: string[], timezone: string | null) =>
  json(200, {
    message: 'ok',
    data: { slots, timezone, serviceKey: 'intro-30', duration: 30, date, expertTimezone: 'Europe/Berlin' },
  });

/** The API as the page and the booking dialog ask it; `answer` overrides one path. */
function api(
  answer: (path: string, request: Request) => Response | Promise<Response> | undefined = () => undefined,
) {
  const seen: URL[] = [];
  const posts: unknown[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const url = new URL(request.url, 'http://app');
    seen.push(url);
    const custom = answer(url.pathname, request);
    if (custom) return custom;
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: userWith(['founder']) });
    if (url.pathname === '/api/expert') return json(200, { message: 'ok', data: [erin, femi] });
    if (url.pathname === '/api/expert/next-free-slots')
      return json(200, {
        message: 'ok',
        data: [
          { expertId: 'e1', serviceKey: 'intro-30', start: '2099-03-02T14:00:00.000Z' },
          { expertId: 'e2', serviceKey: 'intro-30', start: null },
        ],
      });
    if (url.pathname === '/api/expert/availability-days/e1') {
      const month = url.searchParams.get('month')!;
      // Nothing left this month: the dialog should move on to the next one by itself.
      const days = month === thisMonth ? [] : [`${month}-10`, `${month}-17`];
      return json(200, {
        message: 'ok',
        data: { month, timezone: url.searchParams.get('timezone'), serviceKey: 'intro-30', days },
      });
    }
    if (url.pathname === '/api/expert/availability-schedules/e1') {
      const date = url.searchParams.get('date')!;
      return availabilityAnswer(
        date,
        [`${date}T09:00:00Z`, `${date}T09:30:00Z`],
        url.searchParams.get('timezone'),
      );
    }
    if (url.pathname === '/api/expert/request-meeting') {
      const body = (await request.json()) as { start: string; timezone: string };
      posts.push(body);
      return json(201, {
        message: 'Meeting Request Send Successfully.',
        data: aMeeting({ start: body.start, end: body.start, timezone: body.timezone }),
      });
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, seen, posts };
}

/** A marked day of the month view by its number. */
const freeDay = (dialog: HTMLElement, day: string) =>
  within(dialog)
    .getAllByRole('button', { name: /has free times/ })
    .find((button) => button.textContent === day);

const renderPage = (fetchImpl: unknown) =>
  renderSignedIn([{ path: '/experts', element: <ExpertsPage /> }], '/experts', fetchImpl);

describe('the experts page', () => {
  it('shows every expert with photo, expertise, languages and the next free slot', async () => {
    await renderPage(api().fetchImpl);
    const card = await screen.findByRole('article', { name: 'Erin Expert' });
    expect(within(card).getByRole('img', { name: 'Photo of Erin Expert' })).toBeTruthy();
    expect(within(card).getByText('Erin helps with pricing')).toBeTruthy();
    expect(within(within(card).getByRole('list', { name: 'Expertise' })).getByText('Pricing')).toBeTruthy();
    expect(within(card).getByText('Languages: English, German')).toBeTruthy();
    expect(await within(card).findByText(/^Next free: /)).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Femi Expert' });
    expect(within(other).getByText('No free time in the next weeks')).toBeTruthy();
  }, 30_000);

  it('books from the month view, opening on the first day with free times, after searching a zone', async () => {
    const { fetchImpl, seen, posts } = api();
    await renderPage(fetchImpl);
    const card = await screen.findByRole('article', { name: 'Erin Expert' });
    await userEvent.click(within(card).getByRole('button', { name: 'Book a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a meeting with Erin Expert' });
    // This month has nothing free, so the dialog has moved on and picked the 10th of the next one.
    const day = await within(dialog).findByRole('button', { name: /has free times/, pressed: true });
    expect(day.textContent).toBe('10');
    expect(freeDay(dialog, '17')).toBeTruthy();
    await within(dialog).findByRole('radiogroup', { name: /Free times on/ });

    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'kolkata');
    await userEvent.click(await screen.findByRole('option', { name: 'UTC+05:30 Asia/Kolkata' }));
    await waitFor(() =>
      expect(
        seen.some(
          (url) =>
            url.pathname === '/api/expert/availability-days/e1' &&
            url.searchParams.get('timezone') === 'Asia/Kolkata' &&
            url.searchParams.get('month') === nextMonth,
        ),
      ).toBe(true),
    );
    await within(dialog).findByText('Shown in Asia/Kolkata.');
    await waitFor(() => expect(freeDay(dialog, '17')).toBeTruthy());
    await userEvent.click(freeDay(dialog, '17')!);
    const slots = await within(dialog).findByRole('radiogroup', { name: /Free times on/ });
    await userEvent.click(within(slots).getAllByRole('radio')[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book 30 min' }));
    await within(dialog).findByText('Request sent to Erin Expert');
    expect(posts).toEqual([
      {
        expertId: 'e1',
        serviceKey: 'intro-30',
        start: `${nextMonth}-17T09:00:00Z`,
        timezone: 'Asia/Kolkata',
      },
    ]);
  }, 30_000);

  it("never offers the day picked before while another day's free times are on their way", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchImpl, posts } = api((path, request) => {
      const date = new URL(request.url, 'http://app').searchParams.get('date') ?? '';
      if (path !== '/api/expert/availability-schedules/e1' || !date.endsWith('-17')) return undefined;
      // The 17th's answer is held back until the test lets it go.
      return held.then(() => availabilityAnswer(date, [`${date}T15:00:00Z`], 'UTC'));
    });
    await renderPage(fetchImpl);
    const card = await screen.findByRole('article', { name: 'Erin Expert' });
    await userEvent.click(within(card).getByRole('button', { name: 'Book a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a meeting with Erin Expert' });
    await within(dialog).findByRole('radiogroup', { name: /Free times on/ });
    await userEvent.click(freeDay(dialog, '17')!);

    expect(within(dialog).queryByRole('radiogroup', { name: /Free times on/ })).toBeNull();
    expect(within(dialog).getByRole('status', { name: 'Loading free times' })).toBeTruthy();
    release();
    const slots = await within(dialog).findByRole('radiogroup', { name: /Free times on/ });
    const times = within(slots).getAllByRole('radio');
    expect(times).toHaveLength(1);
    await userEvent.click(times[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book 30 min' }));
    await within(dialog).findByText('Request sent to Erin Expert');
    expect(posts).toMatchObject([{ start: `${nextMonth}-17T15:00:00Z` }]);
  }, 30_000);

  it('lists the founder zone first in the zone picker, each zone with its UTC offset', async () => {
    await renderPage(api().fetchImpl);
    const card = await screen.findByRole('article', { name: 'Erin Expert' });
    await userEvent.click(within(card).getByRole('button', { name: 'Book a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a meeting with Erin Expert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    const options = await screen.findAllByRole('option');
    expect(options[0]!.textContent).toMatch(new RegExp(`^UTC[+-]\\d{2}:\\d{2} ${userTimeZone()}$`));
    expect(options.length).toBeGreaterThan(10);
  }, 30_000);

  it('says so when there are no experts, and offers a retry when the list fails', async () => {
    let failures = 1;
    await renderPage(
      api((path) => {
        if (path !== '/api/expert') return undefined;
        if (failures-- > 0)
          return json(500, { message: 'Something went wrong.', statusCode: 500, code: 'INTERNAL' });
        return json(200, { message: 'ok', data: [] });
      }).fetchImpl,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No experts yet')).toBeTruthy();
  }, 30_000);
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyProfile } from '@liftoff/contracts/experts-profile';
import { ExpertApp } from '../../../app/expert/expert-app';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { pretendViewport } from '../../../lib/testing/viewport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profile: MyProfile = {
  firstName: 'Erin',
  lastName: 'Expert',
  profileImageUrl: '/api/content/experts/avatars/erin.svg',
  headline: 'Pricing',
  bio: 'Ten years of pricing pages.',
  expertise: ['pricing'],
  languages: ['English'],
  bookingUrl: null,
  editedAt: null,
  milestones: [],
};

async function openProfile(answer: (request: Request) => Promise<Response> | Response) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const path = new URL(request.url, 'http://app').pathname;
    if (path === '/api/auth/me') return json(200, { message: 'ok', data: userWith(['expert']) });
    if (path === '/api/notifications/unread-count') return json(200, { message: 'ok', data: { unread: 0 } });
    if (path === '/api/expert-portal/profile') return answer(request);
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn([{ path: '/expert/*', element: <ExpertApp /> }], '/expert/profile', fetchImpl);
}

describe('the expert profile page on a 375 px phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile, names a bad field beside it, and saves the edits', async () => {
    pretendViewport(375);
    const sent: unknown[] = [];
    await openProfile(async (request) => {
      if (request.method === 'GET')
        return json(200, { message: 'Profile Fetched Successfully.', data: profile });
      const body = (await request.json()) as MyProfile;
      sent.push(body);
      if (body.bookingUrl?.startsWith('http:'))
        return json(400, {
          message: 'Check the highlighted fields.',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'bookingUrl', message: 'must be an https address' }],
        });
      return json(200, { message: 'Profile Saved Successfully.', data: { ...profile, ...body } });
    });
    const bio = await screen.findByLabelText('Bio');
    expect((bio as HTMLTextAreaElement).value).toBe('Ten years of pricing pages.');
    expect(screen.getByRole('link', { name: 'availability page' }).getAttribute('href')).toBe(
      '/expert/availability',
    );

    await userEvent.type(screen.getByLabelText('Expertise'), ', packaging');
    await userEvent.type(screen.getByLabelText('External booking link'), 'http://cal.example/erin');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('must be an https address')).toBeTruthy();

    const link = screen.getByLabelText('External booking link');
    await userEvent.clear(link);
    await userEvent.type(link, 'https://cal.example/erin');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeTruthy();
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        headline: 'Pricing',
        bio: 'Ten years of pricing pages.',
        expertise: ['pricing', 'packaging'],
        languages: ['English'],
        bookingUrl: 'https://cal.example/erin',
      }),
    );
  }, 30_000);

  it('lists the milestones the expert is assigned to, and says so when there are none', async () => {
    pretendViewport(375);
    await openProfile(() => json(200, { message: 'ok', data: profile }));
    const empty = await screen.findByRole('region', { name: 'Your milestones' });
    expect(empty.textContent).toContain('No milestone names you as its expert yet.');
  }, 30_000);

  it('shows assigned milestones read-only, with their program and place', async () => {
    pretendViewport(375);
    const milestones = [
      {
        programKey: 'venture-foundations',
        programName: 'Venture Foundations',
        key: 'solution-mvp',
        index: 2,
        name: 'Solution & MVP',
        overviewSubtitle: 'Ship the smallest thing that keeps the promise',
      },
    ];
    await openProfile(() => json(200, { message: 'ok', data: { ...profile, milestones } }));
    const section = await screen.findByRole('region', { name: 'Your milestones' });
    expect(section.textContent).toContain('Venture Foundations · Milestone 2: Solution & MVP');
    expect(section.textContent).toContain('Ship the smallest thing that keeps the promise');
    expect(section.querySelector('input, textarea, button')).toBeNull();
  }, 30_000);

  it('offers a retry when the profile cannot load', async () => {
    let calls = 0;
    await openProfile(() =>
      ++calls === 1
        ? json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL' })
        : json(200, { message: 'ok', data: profile }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByLabelText('Bio')).toBeTruthy();
  }, 30_000);
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@liftoff/contracts/auth';
import { renderSignedIn } from '../testing/signed-in-app';
import { StudioApp } from './studio-app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const person = (roles: Role[], twoFactorEnabled: boolean): User => ({
  id: 'u1',
  email: 'morgan@example.com',
  firstName: 'Morgan',
  lastName: 'Manager',
  verified: true,
  twoFactorEnabled,
  twoFactorMethod: twoFactorEnabled ? 'TOTP' : null,
  profileCompleted: true,
  profileImageUrl: null,
  tutorialCompleted: false,
  meta: {},
  roles,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const SLOW = 30_000;

async function openStudio(user: User, path = '/studio') {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    calls.push(url.pathname);
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: user });
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread: 0 } });
    if (url.pathname === '/api/studio/people')
      return json(200, {
        message: 'ok',
        data: {
          people: [
            {
              id: 'p1',
              email: 'ada@example.com',
              firstName: 'Ada',
              lastName: 'Founder',
              roles: ['founder'],
              twoFactorEnabled: false,
              createdAt: '2026-11-01T00:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      });
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  const rendered = await renderSignedIn([{ path: '/studio/*', element: <StudioApp /> }], path, fetchImpl);
  return { ...rendered, calls };
}

describe('the studio gate', () => {
  it(
    'shows a founder that the page is not available, and calls no studio route',
    async () => {
      const { calls } = await openStudio(person(['founder'], false));
      expect(await screen.findByRole('heading', { name: 'This page is not available' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to your overview' }).getAttribute('href')).toBe(
        '/overview',
      );
      expect(calls.some((path) => path.startsWith('/api/studio'))).toBe(false);
    },
    SLOW,
  );

  it(
    'asks a manager without two-factor to turn it on, linking to the profile',
    async () => {
      await openStudio(person(['manager'], false));
      expect(
        await screen.findByRole('heading', { name: 'Turn on two-factor authentication to open the studio' }),
      ).toBeTruthy();
      expect(
        screen.getByRole('link', { name: 'Set up two-factor in your profile' }).getAttribute('href'),
      ).toBe('/profile');
    },
    SLOW,
  );

  it(
    'opens an admin with two-factor on the people page, with the studio navigation and the bell',
    async () => {
      const { router } = await openStudio(person(['admin'], true));
      expect(await screen.findByRole('heading', { name: 'People and roles' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/studio/people');
      expect(await screen.findByText('ada@example.com')).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'Audit log' }).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    },
    SLOW,
  );

  it(
    'reads roles fresh: a session stored as a founder whose admin role was since granted gets in',
    async () => {
      // The store starts without a user (as after a reload); /auth/me answers the current roles.
      await openStudio(person(['founder', 'admin'], true), '/studio/people');
      expect(await screen.findByRole('heading', { name: 'People and roles' })).toBeTruthy();
    },
    SLOW,
  );
});

import type { Role, User } from '@liftoff/contracts/auth';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { buildRoutes } from '../router';
import { createAppStore } from '../store';
import { userWith } from '../testing/signed-in-app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = (twoFactorAuthenticated: boolean) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', twoFactorAuthenticated, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const SLOW = 30_000;

/** A verified person who never answered the founders' onboarding, holding `roles`. */
const notOnboarded = (roles: Role[], extra: Partial<User> = {}): User => ({
  ...userWith(roles),
  profileCompleted: false,
  meta: {},
  ...extra,
});

/** The whole app (the real route table and guard) with `user` as the API answers it. */
async function renderApp(user: User, path: string) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const url = new URL(request.url, 'http://app');
    const session = { token: token(user.twoFactorEnabled), refreshToken: 'r', user };
    if (url.pathname === '/api/auth/login') return json(200, { message: 'Signed in.', data: session });
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: user });
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread: 0 } });
    if (url.pathname === '/api/expert-portal/questions') return json(200, { message: 'ok', data: [] });
    if (url.pathname === '/api/feature-flags') return json(200, { message: 'ok', data: [] });
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  const app = createAppStore({ storage: window.localStorage, fetch: fetchImpl as typeof fetch });
  await app.whenReady();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store: app.store };
}

/** Signs in through the sign-in screen, as the person would. */
async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/e-mail/i), 'erin@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'a-long-enough-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('experts are not sent through the founders’ onboarding', () => {
  it(
    'an invited expert who signs in lands in the expert portal, not on onboarding',
    async () => {
      const { router } = await renderApp(notOnboarded(['founder', 'expert']), '/sign-in');
      const user = await signIn();

      expect(await screen.findByRole('heading', { name: 'Questions' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/expert/questions');
      expect(screen.queryByText(/stage/i)).toBeNull();

      // The founders' screens lead back to the portal; the account menu offers onboarding as a choice.
      await router.navigate('/overview');
      await waitFor(() => expect(router.state.location.pathname).toBe('/expert/questions'));
      await user.click(screen.getByRole('button', { name: /account menu/i }));
      const offer = await screen.findByRole('menuitem', { name: 'Use Liftoff as a founder' });
      expect(offer.getAttribute('href')).toBe('/onboarding');
    },
    SLOW,
  );

  it(
    'a founder who has not onboarded is still asked the onboarding questions, also on the portal’s address',
    async () => {
      const { router } = await renderApp(notOnboarded(['founder']), '/sign-in');
      await signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
      await router.navigate('/expert/questions');
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    },
    SLOW,
  );

  it(
    'a manager who never onboarded as a founder lands in the studio from the founders’ screens',
    async () => {
      const manager = notOnboarded(['founder', 'manager'], { twoFactorEnabled: true });
      const { router } = await renderApp(manager, '/sign-in');
      await signIn();
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/studio/));
    },
    SLOW,
  );
});

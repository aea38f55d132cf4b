import type { Role, User } from '@liftoff/contracts/auth';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { ToastHost } from '../../components/toast/toast-host';
import { AppProviders } from '../providers';
import { createAppStore } from '../store';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** An access token the web app takes for a live session (it reads the expiry; only the API checks signatures). */
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

/**
 * For tests that render through the real store: the app, signed in, with `fetch` standing in for the network.
 */
export async function signedInApp(fetch: unknown) {
  const app = createAppStore({
    storage: window.localStorage,
    fetch: fetch as typeof globalThis.fetch,
  });
  await app.whenReady();
  // Signed in (the auth slice's own action, by type: features do not import each other).
  app.store.dispatch({ type: 'auth/tokensReplaced', payload: { token: TOKEN, refreshToken: TOKEN } });
  return app;
}

/** Renders `routes` at `path` in a signed-in app, with toasts, the way the app shell would. */
export async function renderSignedIn(routes: RouteObject[], path: string, fetch: unknown) {
  const app = await signedInApp(fetch);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
      <ToastHost />
    </AppProviders>,
  );
  return { router, store: app.store };
}

/** A verified, onboarded account holding `roles`, as `GET /auth/me` answers it. */
export const userWith = (roles: Role[]): User => ({
  id: 'u1',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: 'Expert',
  verified: true,
  twoFactorEnabled: false,
  twoFactorMethod: null,
  profileCompleted: true,
  profileImageUrl: null,
  tutorialCompleted: false,
  meta: {},
  roles,
  createdAt: '2026-11-01T00:00:00.000Z',
});

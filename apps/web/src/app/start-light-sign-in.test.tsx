import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_ENTRY } from '../lib/saved-session';
import { json } from './testing/studio-people';
import { userWith } from './testing/signed-in-app';
import { startLightSignIn } from './start-light-sign-in';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = (claims: object = {}) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.sig`;

/** The network: login answers `session`; anything else the app asks for on its way in is not found. */
function network(session: object) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/login') return json(200, { message: 'Login successful', data: session });
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}

let container: HTMLElement;
let stop: () => void = () => undefined;
beforeEach(() => {
  window.history.replaceState(null, '', '/sign-in');
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => stop());
  vi.unstubAllGlobals();
  container.remove();
});

async function signInThroughTheLightScreen() {
  act(() => {
    stop = startLightSignIn(container, createRoot);
  });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^e-mail/i), 'founder@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in on the light screen hands over to the full app', () => {
  it('starts the app signed in on the overview, with the session saved as the app saves it', async () => {
    const fetchImpl = network({ token: token(), refreshToken: 'refresh-1', user: userWith([]) });
    await signInThroughTheLightScreen();

    await waitFor(() => expect(window.location.pathname).toBe('/overview'), { timeout: 10_000 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'founder@example.com', password: 'secret' });
    // The light screen is gone; the app's sign-in screen did not take its place.
    await waitFor(() => expect(container.querySelector('.light-auth')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    // Saved by the app's store, sealed: a reload starts signed in.
    await waitFor(() => {
      const saved = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_ENTRY) ?? '{}') as Record<
        string,
        string
      >;
      expect(Object.keys(saved)).toEqual(expect.arrayContaining(['token', 'refreshToken', 'user']));
      expect(saved.refreshToken).not.toContain('refresh-1');
    });
  });

  it('goes on to the second factor when the account asks for one', async () => {
    network({ token: token(), refreshToken: 'refresh-1', user: { ...userWith([]), twoFactorEnabled: true } });
    await signInThroughTheLightScreen();
    await waitFor(() => expect(window.location.pathname).toBe('/two-factor'), { timeout: 10_000 });
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_ENTRY } from '../lib/saved-session';
import { generateSessionKey } from '../lib/session-key';
import { memoryStorage } from '../lib/testing/memory-storage';
import { AppProviders } from './providers';
import { buildRoutes } from './router';
import { startLightSignIn } from './start-light-sign-in';
import { createAppStore } from './store';
import { userWith } from './testing/signed-in-app';
import { json } from './testing/studio-people';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = () =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const session = () => ({ token: token(), refreshToken: 'refresh-1', user: userWith([]) });

/** Login answers a session; anything else the signed-in page asks for is not found. */
const network = () =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/login')
      return json(200, { message: 'Login successful', data: session() });
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });

/** The saved entry's fields, as a reload would find them. */
const savedFields = (raw: string | null) => Object.keys(JSON.parse(raw ?? '{}') as object);

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^e-mail/i), 'founder@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A reload an instant after signing in must find the session: it is saved (sealed, which takes a moment)
 * before the address changes to the signed-in page, not on redux-persist's next write.
 */
describe('the session is saved before the signed-in page is shown', () => {
  it("on the app's sign-in screen", async () => {
    const storage = memoryStorage();
    const app = createAppStore({
      storage,
      fetch: network() as unknown as typeof fetch,
      sessionKey: generateSessionKey(),
    });
    const router = createMemoryRouter(buildRoutes([]), { initialEntries: ['/sign-in'] });
    let savedWhenLeaving: string[] | null = null;
    router.subscribe((state) => {
      if (state.location.pathname !== '/sign-in' && savedWhenLeaving === null)
        savedWhenLeaving = savedFields(storage.getItem(AUTH_STORAGE_ENTRY));
    });
    render(
      <AppProviders app={app}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    expect(savedWhenLeaving).toEqual(expect.arrayContaining(['token', 'refreshToken', 'user']));
  });

  it('on the light sign-in screen of a first visit', async () => {
    vi.stubGlobal('fetch', network());
    window.localStorage.removeItem(AUTH_STORAGE_ENTRY);
    window.history.replaceState(null, '', '/sign-in');
    let savedWhenLeaving: string[] | null = null;
    const replaceState = window.history.replaceState.bind(window.history);
    vi.spyOn(window.history, 'replaceState').mockImplementation((data, unused, url) => {
      if (url && String(url) !== '/sign-in' && savedWhenLeaving === null)
        savedWhenLeaving = savedFields(window.localStorage.getItem(AUTH_STORAGE_ENTRY));
      replaceState(data, unused, url);
    });
    const container = document.body.appendChild(document.createElement('div'));
    let stop: () => void = () => undefined;
    act(() => {
      stop = startLightSignIn(container, createRoot);
    });
    try {
      await signIn();
      await waitFor(() => expect(window.location.pathname).toBe('/overview'), { timeout: 10_000 });
      expect(savedWhenLeaving).toEqual(expect.arrayContaining(['token', 'refreshToken', 'user']));
    } finally {
      act(() => stop());
      container.remove();
    }
  });
});

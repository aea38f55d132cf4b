import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as ReduxProvider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../components/toast/toast-host';
import { generateSessionKey } from '../lib/session-key';
import { showError, showInfo, showSuccess } from '../lib/toast';
import { AppProviders } from './providers';
import { buildRoutes } from './router';
import { createAppStore } from './store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Thrower(): never {
  throw new Error('screen exploded');
}

function renderApp(initialPath: string, fetchImpl: typeof fetch = vi.fn()) {
  const app = createAppStore({
    storage: window.localStorage,
    fetch: fetchImpl,
  });
  const router = createMemoryRouter(buildRoutes([{ path: '/boom', element: <Thrower /> }]), {
    initialEntries: [initialPath],
  });
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { app, router };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('app through the real store', () => {
  it("shows the fallback screen 'Unexpected Application Error!' when a screen throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/boom');
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /reload/i })).toBeTruthy();
  });

  it('sends a visitor on a protected route to sign-in', async () => {
    const { router } = renderApp('/overview');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it("a wrong password shows the server's message once, next to the form and not also as a toast", async () => {
    const fetchImpl = vi.fn(async () =>
      json(401, {
        message: 'The e-mail or password is not right.',
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
      }),
    );
    const { app } = renderApp('/sign-in', fetchImpl as unknown as typeof fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/e-mail/i), 'founder@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const form = screen.getByRole('form', { name: 'Sign in' });
    await waitFor(() => expect(form.textContent).toContain('The e-mail or password is not right.'));
    expect(screen.getAllByText('The e-mail or password is not right.')).toHaveLength(1);
    expect(app.store.getState().toast.current).toBeNull();
    // The page also asks which identity providers to offer; the login is the call that matters here.
    const calls = fetchImpl.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([called]) => called === '/api/auth/login')!;
    expect(url).toBe('/api/auth/login');
    expect(new Headers(init.headers).get('authorization')).toBeNull();
  });

  it('checks the sign-in form with the contract before sending: messages, focus, and the address as sent', async () => {
    const fetchImpl = vi.fn(async () =>
      json(401, { message: 'The e-mail or password is not right.', statusCode: 401 }),
    );
    renderApp('/sign-in', fetchImpl as unknown as typeof fetch);
    const user = userEvent.setup();
    const emailField = await screen.findByLabelText(/e-mail/i);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(document.activeElement).toBe(emailField);
    const logins = () =>
      (fetchImpl.mock.calls as unknown as [string, RequestInit][]).filter(
        ([url]) => url === '/api/auth/login',
      );
    expect(logins()).toHaveLength(0);

    // A fixed field loses its message as it is typed; the other keeps its own.
    await user.type(emailField, '  Founder@Example.com ');
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address')).toBeNull());
    expect(screen.getByText('Enter your password')).toBeTruthy();

    await user.type(screen.getByLabelText(/^password/i), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(logins()).toHaveLength(1));
    const [, init] = logins()[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ email: 'founder@example.com', password: 'secret' });
  });
});

describe('toast', () => {
  function renderToast() {
    const app = createAppStore({
      storage: window.localStorage,
      fetch: vi.fn(),
    });
    render(
      <ReduxProvider store={app.store}>
        <div data-testid="outside">page</div>
        <ToastHost />
      </ReduxProvider>,
    );
    return app.store;
  }

  it('a success toast auto-hides after 1500 ms and ignores click-away', () => {
    vi.useFakeTimers();
    const store = renderToast();
    act(() => {
      store.dispatch(showSuccess('Saved'));
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');

    // A click elsewhere does not close it.
    fireEvent.mouseDown(screen.getByTestId('outside'));
    fireEvent.click(screen.getByTestId('outside'));
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(store.getState().toast.current?.message).toBe('Saved');

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(store.getState().toast.current).toBeNull();
  });

  it('an error toast stays until it is closed (spec section 8), then closes at once', () => {
    vi.useFakeTimers();
    const store = renderToast();
    act(() => {
      store.dispatch(showError('Something failed'));
    });
    expect(screen.getByRole('alert').textContent).toContain('Something failed');

    fireEvent.mouseDown(screen.getByTestId('outside'));
    fireEvent.click(screen.getByTestId('outside'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(store.getState().toast.current?.message).toBe('Something failed');
    expect(screen.getByRole('alert').textContent).toContain('Something failed');

    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(store.getState().toast.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an info toast hides once its 30-tick bar has run out', () => {
    vi.useFakeTimers();
    const store = renderToast();
    act(() => {
      store.dispatch(showInfo('Link copied', 'link'));
    });
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(store.getState().toast.current?.message).toBe('Link copied');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(store.getState().toast.current).toBeNull();
  });

  it('info toasts show an icon kind and a progress bar counting down from 100 in 100 ms ticks', () => {
    vi.useFakeTimers();
    const store = renderToast();
    act(() => {
      store.dispatch(showInfo('Link copied', 'link'));
    });
    const bar = screen.getByRole('progressbar', { name: 'Time left for this message' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(100 - 100 / 30, 0);
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(50, 0);
    expect(screen.getByRole('status').textContent).toContain('Link copied');
  });
});

describe('session persistence', () => {
  it('persists token and refresh token sealed under persist:liftoff-auth, for this browser only', async () => {
    // A storage of this test's own: the stores the tests above built keep persisting into localStorage.
    const entries = new Map<string, string>();
    const storage = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    };
    const sessionKey = generateSessionKey();
    const app = createAppStore({ storage, fetch: vi.fn(), sessionKey });
    await app.whenReady();
    const { sessionStarted } = await import('../features/auth/slice');
    app.store.dispatch(
      sessionStarted({
        token: 'a.b.c',
        refreshToken: 'refresh-secret-value',
        user: {
          id: 'u1',
          email: 'founder@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          verified: true,
          twoFactorEnabled: false,
          twoFactorMethod: null,
          profileCompleted: true,
          profileImageUrl: null,
          tutorialCompleted: false,
          meta: {},
          roles: ['founder'],
          createdAt: new Date().toISOString(),
        },
      }),
    );
    await app.persistor.flush();
    await waitFor(() => expect(storage.getItem('persist:liftoff-auth')).not.toBeNull());
    const raw = storage.getItem('persist:liftoff-auth') ?? '';
    expect(raw).not.toContain('refresh-secret-value');
    expect(raw).not.toContain('founder@example.com');
    expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual([
      '_persist',
      'refreshToken',
      'token',
      'user',
    ]);

    // The next visit in this browser (same key) is signed in; a copy of the entry in another browser is not.
    const again = createAppStore({ storage, fetch: vi.fn(), sessionKey });
    await again.whenReady();
    expect(again.store.getState().auth).toMatchObject({
      refreshToken: 'refresh-secret-value',
      user: { email: 'founder@example.com' },
    });
    const elsewhere = createAppStore({
      storage,
      fetch: vi.fn(),
      sessionKey: generateSessionKey(),
    });
    await elsewhere.whenReady();
    expect(elsewhere.store.getState().auth.refreshToken ?? null).toBeNull();
    expect(elsewhere.store.getState().auth.user ?? null).toBeNull();
  });
});

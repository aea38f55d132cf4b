import { authMessages } from '@liftoff/contracts/auth';
import type { User } from '@liftoff/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api';
import { createAppStore } from './store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = (twoFactorEnabled: boolean): User => ({
  id: 'u1',
  email: 'founder@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  verified: true,
  twoFactorEnabled,
  twoFactorMethod: twoFactorEnabled ? 'TOTP' : null,
  profileCompleted: true,
  profileImageUrl: null,
  tutorialCompleted: false,
  meta: {},
  roles: ['founder'],
  createdAt: new Date().toISOString(),
});

/** The real store and its HTTP client, answering every call with the API's envelope. */
function storeAnswering(message: string, data: unknown) {
  const fetchImpl = vi.fn(async () => json(200, { message, data }));
  return createAppStore({ storage: window.localStorage, fetch: fetchImpl as unknown as typeof fetch });
}

const session = (twoFactorEnabled: boolean) => ({
  token: 'a.b.c',
  refreshToken: 'refresh',
  user: user(twoFactorEnabled),
});

afterEach(() => {
  window.localStorage.clear();
});

describe("the web app's wording for the API's messages", () => {
  it('shows "Your account was created." where the API says "User sign up successfully."', async () => {
    const app = storeAnswering(authMessages.signup, session(false));
    await app.store.dispatch(
      authApi.endpoints.signup.initiate({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'founder@example.com',
        password: 'copper-kettle-orbit-77',
      }),
    );
    expect(app.store.getState().toast.current).toMatchObject({
      kind: 'success',
      message: 'Your account was created.',
    });
  });

  it('says "You are signed in." after a sign-in without a second factor', async () => {
    const app = storeAnswering(authMessages.login, session(false));
    await app.store.dispatch(
      authApi.endpoints.login.initiate({ email: 'founder@example.com', password: 'secret' }),
    );
    expect(app.store.getState().toast.current?.message).toBe('You are signed in.');
  });

  it('says nothing about being signed in while the second factor is still due', async () => {
    const app = storeAnswering(authMessages.login, session(true));
    const result = await app.store.dispatch(
      authApi.endpoints.login.initiate({ email: 'founder@example.com', password: 'secret' }),
    );
    expect('data' in result).toBe(true);
    expect(app.store.getState().toast.current).toBeNull();
  });

  it('keeps a message that has no wording of its own as the API sent it, in an error toast', async () => {
    const fetchImpl = vi.fn(async () =>
      json(400, { statusCode: 400, message: 'This reset link has expired.', code: 'BAD_REQUEST' }),
    );
    const app = createAppStore({ storage: window.localStorage, fetch: fetchImpl as unknown as typeof fetch });
    await app.store.dispatch(
      authApi.endpoints.resetPassword.initiate({ token: 't'.repeat(20), password: 'copper-kettle-orbit-77' }),
    );
    expect(app.store.getState().toast.current).toMatchObject({
      kind: 'error',
      message: 'This reset link has expired.',
    });
  });
});

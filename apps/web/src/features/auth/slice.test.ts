import type { User } from '@liftoff/contracts/auth';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  authSlice,
  backupCodesDismissed,
  initialAuthState,
  sessionStarted,
  twoFactorSetupCancelled,
} from './slice';
import type { AuthState } from './slice';

const reduce = (state: AuthState, ...actions: UnknownAction[]) =>
  actions.reduce((s, a) => authSlice.reducer(s, a), state);

/** An unsigned token with the claims the client reads. */
const token = (twoFactorAuthenticated: boolean) =>
  `x.${btoa(JSON.stringify({ sub: 'u1', exp: 4_000_000_000, twoFactorAuthenticated })).replace(/=+$/, '')}.y`;

const user = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Founder',
  verified: true,
  twoFactorEnabled: false,
  twoFactorMethod: null,
  profileCompleted: true,
  profileImageUrl: null,
  tutorialCompleted: false,
  meta: {},
  roles: ['founder'],
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

/** The action RTK Query dispatches when a mutation of the auth api succeeds. */
const fulfilled = (
  endpointName: string,
  payload: unknown,
  originalArgs: unknown = undefined,
): UnknownAction => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: {
    arg: { type: 'mutation', endpointName, originalArgs, track: true },
    requestId: 'r1',
    requestStatus: 'fulfilled',
    fulfilledTimeStamp: 0,
    baseQueryMeta: { message: 'ok' },
  },
});

const totpUser = user({ twoFactorEnabled: true, twoFactorMethod: 'TOTP' });

describe('auth slice: two-factor fields (spec sections 3 and 4)', () => {
  it('a login of a two-factor user requires the second factor and is not logged in yet', () => {
    const state = reduce(
      initialAuthState,
      fulfilled('login', { token: token(false), refreshToken: 'r', user: totpUser }),
    );
    expect(state.twoFactor).toMatchObject({ required: true, verified: false, method: 'TOTP' });
    expect(state.isLoggedIn).toBe(false);
  });

  it('verifying a code, an e-mailed code or a backup code ends the requirement and logs in', () => {
    const pending = reduce(
      initialAuthState,
      sessionStarted({ token: token(false), refreshToken: 'r', user: totpUser }),
    );
    for (const endpoint of ['verifyTwoFactor', 'verifyTwoFactorEmailCode', 'verifyBackupCode']) {
      const state = reduce(
        pending,
        fulfilled(endpoint, { token: token(true), refreshToken: 'r2', user: totpUser }),
      );
      expect(state.twoFactor).toMatchObject({ required: false, verified: true });
      expect(state.isLoggedIn).toBe(true);
      expect(state.refreshToken).toBe('r2');
    }
  });

  it('setup keeps the QR code and method until a code confirms it; the backup codes are kept until dismissed', () => {
    const signedIn = reduce(
      initialAuthState,
      sessionStarted({ token: token(false), refreshToken: 'r', user: user() }),
    );
    const started = reduce(
      signedIn,
      fulfilled('setupTwoFactor', { qrCodeUrl: 'data:image/png;base64,AA', secret: 'S' }, { method: 'TOTP' }),
    );
    expect(started.twoFactor).toMatchObject({
      setup: true,
      qrCodeUrl: 'data:image/png;base64,AA',
      method: 'TOTP',
    });

    const codes = Array.from({ length: 10 }, (_, i) => `code${i}`);
    const confirmed = reduce(
      started,
      fulfilled('verifyTwoFactor', {
        token: token(true),
        refreshToken: 'r2',
        user: totpUser,
        backupCodes: codes,
      }),
    );
    expect(confirmed.twoFactor).toMatchObject({
      setup: false,
      qrCodeUrl: null,
      backupCodes: codes,
      verified: true,
      required: false,
      method: 'TOTP',
    });
    expect(reduce(confirmed, backupCodesDismissed()).twoFactor.backupCodes).toEqual([]);

    const cancelled = reduce(started, twoFactorSetupCancelled());
    expect(cancelled.twoFactor).toMatchObject({ setup: false, qrCodeUrl: null, method: null });
  });

  it('disabling clears the setup', () => {
    const on = reduce(
      initialAuthState,
      sessionStarted({ token: token(true), refreshToken: 'r', user: totpUser }),
    );
    const state = reduce(on, fulfilled('disableTwoFactor', { user: user() }));
    expect(state.twoFactor).toEqual({
      setup: false,
      qrCodeUrl: null,
      backupCodes: [],
      required: false,
      verified: false,
      method: null,
    });
    expect(state.user?.twoFactorEnabled).toBe(false);
    expect(state.isLoggedIn).toBe(true);
  });
});

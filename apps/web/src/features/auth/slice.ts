import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { TwoFactorMethod, User } from '@liftoff/contracts/auth';
import type { ApiMeta } from '../../lib/api';
import { decodeToken } from '../../lib/jwt';
import { tutorialMarkerApi } from '../../lib/markers';
import { authApi } from './api';
import { oidcApi } from './oidc-api';

export type TwoFactorState = {
  setup: boolean;
  qrCodeUrl: string | null;
  backupCodes: string[];
  required: boolean;
  verified: boolean;
  method: TwoFactorMethod | null;
};

/** Auth state of spec section 3. `user`, `token` and `refreshToken` are persisted (docs/decisions/002). */
export type AuthState = {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
  profileCompleted: boolean;
  loading: boolean;
  error: string | null;
  success: string | null;
  emailVerified: boolean;
  isLoggedIn: boolean;
  isSignupFlow: boolean;
  twoFactor: TwoFactorState;
};

const initialTwoFactor: TwoFactorState = {
  setup: false,
  qrCodeUrl: null,
  backupCodes: [],
  required: false,
  verified: false,
  method: null,
};

export const initialAuthState: AuthState = {
  token: null,
  refreshToken: null,
  user: null,
  profileCompleted: false,
  loading: false,
  error: null,
  success: null,
  emailVerified: false,
  isLoggedIn: false,
  isSignupFlow: false,
  twoFactor: initialTwoFactor,
};

/** Recomputes the fields that follow from token and user (spec section 4 "authenticated"). */
function derive(state: AuthState): void {
  const user = state.user;
  const claims = decodeToken(state.token);
  state.profileCompleted = Boolean(user?.profileCompleted);
  state.emailVerified = Boolean(user?.verified);
  state.twoFactor.method = user?.twoFactorMethod ?? null;
  state.twoFactor.required = Boolean(user?.twoFactorEnabled) && claims?.twoFactorAuthenticated !== true;
  state.twoFactor.verified = Boolean(user?.twoFactorEnabled) && claims?.twoFactorAuthenticated === true;
  state.isLoggedIn = Boolean(
    state.token && user?.id && user.verified && !state.twoFactor.required && user.profileCompleted,
  );
}

type SessionPayload = { token: string; refreshToken: string; user: User };

function startSession(state: AuthState, payload: SessionPayload): void {
  state.token = payload.token;
  state.refreshToken = payload.refreshToken;
  state.user = payload.user;
  derive(state);
}

const authEndpoints = authApi.endpoints;
const trackedPending = isAnyOf(
  authEndpoints.login.matchPending,
  authEndpoints.signup.matchPending,
  authEndpoints.me.matchPending,
  authEndpoints.verifyEmail.matchPending,
  authEndpoints.verifyTwoFactor.matchPending,
  authEndpoints.verifyBackupCode.matchPending,
  authEndpoints.verifyTwoFactorEmailCode.matchPending,
);
const trackedRejected = isAnyOf(
  authEndpoints.login.matchRejected,
  authEndpoints.signup.matchRejected,
  authEndpoints.me.matchRejected,
  authEndpoints.verifyEmail.matchRejected,
  authEndpoints.verifyTwoFactor.matchRejected,
  authEndpoints.verifyBackupCode.matchRejected,
  authEndpoints.verifyTwoFactorEmailCode.matchRejected,
);

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionStarted(state, action: PayloadAction<SessionPayload>) {
      startSession(state, action.payload);
    },
    /** Tokens renewed by a refresh in this tab, or adopted from another tab. */
    tokensReplaced(state, action: PayloadAction<{ token: string | null; refreshToken: string | null }>) {
      state.token = action.payload.token;
      state.refreshToken = action.payload.refreshToken;
      derive(state);
    },
    userReceived(state, action: PayloadAction<User>) {
      state.user = action.payload;
      derive(state);
    },
    /** After rehydration only the whitelisted fields are back; the rest follows from them. */
    authRehydrated(state) {
      derive(state);
    },
    /** The user saw the backup codes and confirmed saving them: they are forgotten here. */
    backupCodesDismissed(state) {
      state.twoFactor.backupCodes = [];
    },
    /** The user abandoned a setup in progress. */
    twoFactorSetupCancelled(state) {
      state.twoFactor.setup = false;
      state.twoFactor.qrCodeUrl = null;
      state.twoFactor.method = state.user?.twoFactorMethod ?? null;
    },
    authMessagesCleared(state) {
      state.error = null;
      state.success = null;
    },
    authReset() {
      return initialAuthState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authEndpoints.signup.matchFulfilled, (state, action) => {
        startSession(state, action.payload);
        state.isSignupFlow = true;
        state.success = (action.meta.baseQueryMeta as ApiMeta | undefined)?.message ?? null;
      })
      .addMatcher(isAnyOf(authEndpoints.login.matchFulfilled), (state, action) => {
        startSession(state, action.payload);
        state.isSignupFlow = false;
      })
      // Signed in through an OpenID provider: the same session a password sign-in gives.
      .addMatcher(oidcApi.endpoints.completeOidc.matchFulfilled, (state, action) => {
        if (action.payload.kind !== 'session') return;
        startSession(state, action.payload.session);
        state.isSignupFlow = false;
      })
      .addMatcher(oidcApi.endpoints.linkOidc.matchFulfilled, (state, action) => {
        startSession(state, action.payload);
        state.isSignupFlow = false;
      })
      // Spec section 4: verifying a code or a backup code ends the two-factor requirement and logs in.
      .addMatcher(
        isAnyOf(
          authEndpoints.verifyBackupCode.matchFulfilled,
          authEndpoints.verifyTwoFactorEmailCode.matchFulfilled,
        ),
        (state, action) => {
          startSession(state, action.payload);
        },
      )
      .addMatcher(authEndpoints.verifyTwoFactor.matchFulfilled, (state, action) => {
        startSession(state, action.payload);
        // Backup codes come only with a finished setup; they are shown once and never persisted.
        state.twoFactor.backupCodes = action.payload.backupCodes ?? [];
        state.twoFactor.setup = false;
        state.twoFactor.qrCodeUrl = null;
      })
      .addMatcher(authEndpoints.setupTwoFactor.matchFulfilled, (state, action) => {
        state.twoFactor.setup = true;
        state.twoFactor.qrCodeUrl = action.payload.qrCodeUrl ?? null;
        state.twoFactor.backupCodes = [];
        state.twoFactor.method = action.meta.arg.originalArgs.method;
      })
      // Disabling two-factor clears its setup.
      .addMatcher(authEndpoints.disableTwoFactor.matchFulfilled, (state, action) => {
        state.user = action.payload.user;
        state.twoFactor = { ...initialTwoFactor };
        derive(state);
      })
      .addMatcher(authEndpoints.updateMeta.matchFulfilled, (state, action) => {
        if (action.payload && typeof action.payload === 'object' && 'id' in action.payload) {
          state.user = action.payload;
          derive(state);
        }
      })
      .addMatcher(tutorialMarkerApi.endpoints.setTutorialMarker.matchFulfilled, (state, action) => {
        state.user = action.payload;
        derive(state);
      })
      .addMatcher(authEndpoints.me.matchFulfilled, (state, action) => {
        state.user = action.payload;
        derive(state);
      })
      .addMatcher(authEndpoints.verifyEmail.matchFulfilled, (state, action) => {
        state.user = action.payload.user;
        derive(state);
      })
      .addMatcher(authEndpoints.updateUser.matchFulfilled, (state, action) => {
        if (action.payload && typeof action.payload === 'object' && 'id' in action.payload) {
          state.user = action.payload;
          derive(state);
        }
      })
      .addMatcher(trackedPending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(trackedRejected, (state, action) => {
        state.loading = false;
        const payload = action.payload as { message?: string } | undefined;
        state.error = payload?.message ?? null;
      })
      .addMatcher(
        isAnyOf(
          authEndpoints.login.matchFulfilled,
          authEndpoints.signup.matchFulfilled,
          authEndpoints.me.matchFulfilled,
          authEndpoints.verifyEmail.matchFulfilled,
          authEndpoints.verifyTwoFactor.matchFulfilled,
          authEndpoints.verifyBackupCode.matchFulfilled,
          authEndpoints.verifyTwoFactorEmailCode.matchFulfilled,
        ),
        (state, action) => {
          state.loading = false;
          state.success = (action.meta.baseQueryMeta as ApiMeta | undefined)?.message ?? state.success;
        },
      );
  },
});

export const {
  sessionStarted,
  tokensReplaced,
  userReceived,
  authRehydrated,
  authMessagesCleared,
  authReset,
  backupCodesDismissed,
  twoFactorSetupCancelled,
} = authSlice.actions;

export const selectAuth = (state: { auth: AuthState }) => state.auth;

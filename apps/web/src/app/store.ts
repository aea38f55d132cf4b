import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
} from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { aiChatSlice } from '../features/ai/slice';
import { authApi } from '../features/auth/api';
import { authRehydrated, authReset, authSlice, tokensReplaced } from '../features/auth/slice';
import type { AuthState } from '../features/auth/slice';
import { api } from '../lib/api';
import { clearAllDrafts } from '../lib/drafts';
import { fetchTakingEarlyAnswers } from '../lib/early-requests';
import { createHttpClient } from '../lib/http-client';
import type { HttpClient } from '../lib/http-client';
import { createBrowserLock } from '../lib/lock';
import type { LockFn } from '../lib/lock';
import { navigateTo } from '../lib/navigation';
import { AUTH_PERSIST_KEY, AUTH_STORAGE_ENTRY, sealedAuthStorage } from '../lib/persisted-auth';
import type { KeyValueStorage } from '../lib/persisted-auth';
import { toastSlice } from '../lib/toast';
import { markSessionEnded } from '../lib/session-ended';
import { loadSessionKey } from '../lib/session-key';
import { createRotationLedger } from '../lib/rotation-ledger';
import type { RotationLedger } from '../lib/rotation-ledger';
import { createTokenStore } from '../lib/token-store';

export type AppStoreOptions = {
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
  lock?: LockFn;
  now?: () => number;
  /** The key that seals the saved session; by default this browser's own (lib/session-key). */
  sessionKey?: Promise<CryptoKey>;
  /** Where tabs record refresh-token rotations (lib/rotation-ledger); IndexedDB's by default. */
  rotations?: RotationLedger;
  baseUrl?: string;
};

/** Builds the store with its HTTP client; the browser entry and the tests build it the same way. */
export function createAppStore(options: AppStoreOptions = {}) {
  const storage = options.storage ?? window.localStorage;
  const sessionKey = options.sessionKey ?? loadSessionKey();

  const authPersistConfig = {
    key: AUTH_PERSIST_KEY,
    // Sealed with this browser's key; writes never put back a pair older than one another tab rotated
    // (decision 002).
    storage: sealedAuthStorage(storage, sessionKey),
    // docs/decisions/002-persist-refresh-token.md: the refresh token is persisted too.
    whitelist: ['user', 'token', 'refreshToken'],
  };

  const rootReducer = combineReducers({
    auth: persistReducer<AuthState>(authPersistConfig, authSlice.reducer),
    toast: toastSlice.reducer,
    aiChat: aiChatSlice.reducer,
    [api.reducerPath]: api.reducer,
  });

  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const rotations = options.rotations ?? createRotationLedger(sessionKey);
  // `store` and `persistor` are read lazily by the closures below, once they exist.
  const tokens = createTokenStore({
    storage,
    sessionKey,
    rotations,
    getTokens: () => {
      const { token, refreshToken } = store.getState().auth;
      return { token: token ?? null, refreshToken: refreshToken ?? null };
    },
    setTokens: (next) => store.dispatch(tokensReplaced(next)),
    whenReady: () => ready,
    onRefreshFailed: () => resetAuth(),
  });

  const http: HttpClient = createHttpClient({
    baseUrl: options.baseUrl ?? env.VITE_API_BASE,
    tokens,
    // The boot module's early requests are this client's own, sent before it existed (lib/early-requests.ts).
    fetch: fetchTakingEarlyAnswers(options.fetch),
    lock: options.lock ?? createBrowserLock(),
    now: options.now,
    timeoutMs: env.VITE_REQUEST_TIMEOUT_MS,
  });

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: { http } },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });

  const persistor: Persistor = persistStore(store, null, () => {
    store.dispatch(authRehydrated());
    // Spec section 4: nothing worth keeping without a user.
    if (!store.getState().auth.user) void persistor.purge();
    markReady();
  });

  /** Spec section 4: clear state, purge persisted data, remove the stored entry, go to sign-in. */
  function resetAuth(options: { navigate?: boolean } = {}): void {
    // The sign-in screen says the session has ended, so a signed-out founder knows why they are there. Set
    // first: forgetting the session may already send the page to sign-in.
    if (options.navigate !== false) markSessionEnded();
    store.dispatch(authReset());
    store.dispatch(api.util.resetApiState());
    // The pairs of a session that has ended are of no use to any tab.
    void rotations.clear().catch(() => undefined);
    void persistor
      .purge()
      .then(() => persistor.flush())
      .then(() => storage.removeItem(AUTH_STORAGE_ENTRY));
    storage.removeItem(AUTH_STORAGE_ENTRY);
    if (options.navigate !== false) navigateTo(paths.signIn, { replace: true });
  }

  /** Tells the server to revoke the refresh-token family, then forgets the session here. */
  async function logout(): Promise<void> {
    const refreshToken = store.getState().auth.refreshToken;
    if (refreshToken) {
      await store
        .dispatch(authApi.endpoints.logout.initiate({ refreshToken }))
        .unwrap()
        .catch(() => undefined);
    }
    // Only a chosen sign-out forgets the drafts: a session that merely expired keeps them for its founder.
    clearAllDrafts();
    resetAuth();
  }

  /**
   * Writes the session out now rather than on redux-persist's next tick (sealing it takes a moment): called
   * before a signed-in page is shown, so a reload an instant later still finds the session.
   */
  async function saveSession(): Promise<void> {
    await persistor.flush();
  }

  return {
    store,
    persistor,
    http,
    tokens,
    storage,
    sessionKey,
    resetAuth,
    logout,
    saveSession,
    whenReady: () => ready,
  };
}

export type AppContext = ReturnType<typeof createAppStore>;
export type AppStore = AppContext['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

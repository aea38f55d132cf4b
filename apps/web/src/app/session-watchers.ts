import { paths } from '../config/paths';
import { authApi } from '../features/auth/api';
import { tokensReplaced } from '../features/auth/slice';
import { decodeToken, isNewerToken, isTokenExpired } from '../lib/jwt';
import { navigateTo } from '../lib/navigation';
import { AUTH_STORAGE_ENTRY, parsePersistedTokens } from '../lib/persisted-auth';
import type { StoredTokens } from '../lib/persisted-auth';
import type { AppContext } from './store';

/**
 * Browser-level session upkeep (spec section 4):
 * - a tab that becomes visible with an expired access token refreshes (failure resets auth);
 * - a tab adopts tokens another tab rotated, and signs out when another tab signed out.
 * Returns a cleanup function.
 */
export function startSessionWatchers(app: AppContext, target: Window = window): () => void {
  const { store, http, sessionKey } = app;

  const onVisibility = () => {
    if (target.document.visibilityState !== 'visible') return;
    const { token, refreshToken } = store.getState().auth;
    if (token && refreshToken && isTokenExpired(token, Date.now())) void http.refresh();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_ENTRY && event.key !== null) return;
    const shared =
      event.key === null
        ? Promise.resolve(null)
        : sessionKey.then((key) => parsePersistedTokens(event.newValue, key));
    void shared.then(adoptShared);
  };

  const adoptShared = (shared: StoredTokens | null) => {
    const { token, refreshToken, user } = store.getState().auth;
    if (!shared?.token || !shared.refreshToken) {
      // Another tab signed out (or cleared storage): this tab's refresh token family is gone as well.
      if (token) {
        app.resetAuth({ navigate: false });
        navigateTo(paths.signIn, { replace: true });
      }
      return;
    }
    if (shared.refreshToken === refreshToken || !isNewerToken(shared.token, token)) return;
    store.dispatch(tokensReplaced({ token: shared.token, refreshToken: shared.refreshToken }));
    const subject = decodeToken(shared.token)?.sub;
    if (subject && subject !== user?.id) {
      void store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    }
  };

  target.document.addEventListener('visibilitychange', onVisibility);
  target.addEventListener('storage', onStorage);
  return () => {
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.removeEventListener('storage', onStorage);
  };
}

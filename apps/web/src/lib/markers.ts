import type { User } from '@liftoff/contracts/auth';
import { api } from './api';

/**
 * Local-storage markers of spec section 3; the tutorial's is also kept on the account (see below). The app
 * version's lives with its check (lib/app-version), which runs before any API code is loaded.
 */
export const TUTORIAL_MARKER_KEY = 'tutorialCompleted';

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function hasCompletedTutorial(): boolean {
  const storage = safeStorage();
  return storage ? storage.getItem(TUTORIAL_MARKER_KEY) !== null : false;
}

export function markTutorialCompleted(): void {
  safeStorage()?.setItem(TUTORIAL_MARKER_KEY, new Date().toISOString());
}

/**
 * The tour's marker kept on the account, so a founder signing in on another device does not get the tour
 * again. Here rather than in a feature: the tour page sets it and the auth store takes the answered user.
 */
export const tutorialMarkerApi = api.injectEndpoints({
  endpoints: (build) => ({
    setTutorialMarker: build.mutation<User, { completed: boolean }>({
      query: (body) => ({ url: '/auth/me/tutorial', method: 'PUT', headerType: 'authorization', body }),
      // The tour ends either way (this device's marker is set too); no toast interrupts it.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSetTutorialMarkerMutation } = tutorialMarkerApi;

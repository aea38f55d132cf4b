/** Local-storage markers of spec section 3. */
export const TUTORIAL_MARKER_KEY = 'tutorialCompleted';
export const APP_VERSION_KEY = 'appVersion';

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

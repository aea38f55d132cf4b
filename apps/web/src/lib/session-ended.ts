/**
 * A note for the sign-in screen that the session has just ended (signed out, or it could not be
 * refreshed). Kept in this tab's session storage rather than in navigation state: the route guard may send
 * the now signed-out page to sign-in before the sign-out's own navigation runs, and a reload keeps it.
 */
const KEY = 'liftoff:session-ended';

function tabStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function markSessionEnded(): void {
  tabStorage()?.setItem(KEY, '1');
}

/** Whether this tab's session has ended and the founder has not signed in again since. */
export function sessionHasEnded(): boolean {
  return tabStorage()?.getItem(KEY) === '1';
}

/** Signed in again: the note no longer applies. */
export function clearSessionEnded(): void {
  tabStorage()?.removeItem(KEY);
}

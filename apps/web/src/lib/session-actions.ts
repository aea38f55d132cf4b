import { createContext, useContext } from 'react';

/** Session actions the app provides to every screen (features cannot reach the store wiring in app/). */
export type SessionActions = {
  /** Revokes the refresh-token family on the server, then forgets the session here and goes to sign-in. */
  logout: () => Promise<void>;
  /** Forgets the session here and goes to sign-in. */
  resetAuth: () => void;
  /** Resolves once the session just received is saved in this browser: await it before leaving for a signed-in page. */
  saveSession: () => Promise<void>;
};

export const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions must be used inside the app providers');
  return actions;
}

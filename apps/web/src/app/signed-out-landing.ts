import { paths } from '../config/paths';
import { routePattern } from './landing-screens';

/*
 * Where a visitor with no saved session lands, decided by the boot module (main.tsx) before any of the app is
 * loaded. The route guard (./guard.ts) sends such a visitor from every page but these to the sign-in screen,
 * and the boot module sends them there itself, so they get the light sign-in screen (decision 043) and not the
 * whole app first. `signed-out-landing.test.tsx` holds this list to the real route table and guard.
 */
// The router matches paths whatever their case.
const caseless = (path: string) => new RegExp(routePattern(path).source, 'i');
const openWithoutSession = [
  paths.signIn,
  paths.signInProvider,
  paths.signUp,
  paths.forgotPassword,
  paths.confirmEmail,
  `${paths.preview}/:token?`,
].map(caseless);
/** Open only with the token its mailed link carries. */
const resetPassword = caseless(paths.resetPassword);

/** Whether the route guard sends a visitor with no session from this address to the sign-in screen. */
export function sendsToSignIn({ pathname, search }: Pick<Location, 'pathname' | 'search'>): boolean {
  if (resetPassword.test(pathname)) return !new URLSearchParams(search).get('token');
  return !openWithoutSession.some((pattern) => pattern.test(pathname));
}

/**
 * Moves the address to the sign-in screen in place, with the page the visitor asked for as the navigation state
 * the guard would have left (`from`, under the router's `usr`), so signing in lands there. No new history entry,
 * as the guard's own redirect replaces it.
 */
export function moveToSignIn(location: Pick<Location, 'pathname' | 'search'>, history: History): void {
  const from = location.pathname + location.search;
  history.replaceState({ usr: { from }, key: 'default', idx: 0 }, '', paths.signIn);
}

import '@fontsource-variable/inter';
// The design tokens, before anything is drawn: every screen's look reads them (components/ui/tokens.css).
import './components/ui/tokens.css';
import { firstDataOf, preloadLandingScreen } from './app/landing-screens';
import { preloadAppFont } from './app/preload-font';
import { env } from './config/env';
import { paths } from './config/paths';
import { checkAppVersion } from './lib/app-version';
import { sendEarlyRequests } from './lib/early-requests';
import { REFRESH_MARGIN_MS } from './lib/jwt';
import { hasSavedSession } from './lib/saved-session';
import { nextTask } from './lib/next-task';
import { loadSessionKey } from './lib/session-key';
import { moveToSignIn, sendsToSignIn } from './app/signed-out-landing';

/*
 * The boot module: as little as decides what to load. A visit with no saved session to sign-in, or to any page the
 * guard would send it to sign-in from (a link to a mission, say), gets the light sign-in screen, plain React
 * without MUI, the store or the router, which loads the full app once it is needed;
 * every other page loads the full app straight away (bench/first-load-js.mjs), and, signed in, asks for the
 * page's first data at the same time (lib/early-requests.ts).
 */
async function start() {
  // A new build clears stale caches and reloads before anything renders (spec section 4).
  if (await checkAppVersion()) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const onSignIn = window.location.pathname.replace(/\/+$/, '') === paths.signIn;
  const signedIn = hasSavedSession();
  if (!signedIn && (onSignIn || sendsToSignIn(window.location))) {
    // Where the guard would have sent them, with the page they asked for to land on once signed in.
    if (!onSignIn) moveToSignIn(window.location, window.history);
    const [{ startLightSignIn }, { createRoot }] = await Promise.all([
      import('./app/start-light-sign-in'),
      import('react-dom/client'),
    ]);
    startLightSignIn(container, createRoot);
  } else {
    preloadAppFont();
    const { pathname } = window.location;
    // One session key for the early requests and the app's store: looking it up is the slow part of both, so it
    // starts first and goes on while the code is asked for.
    const sessionKey = loadSessionKey();
    if (signedIn) {
      void sendEarlyRequests({
        storage: window.localStorage,
        sessionKey,
        urls: firstDataOf(pathname).map((url) => `${env.VITE_API_BASE}${url}`),
        expiryMarginMs: REFRESH_MARGIN_MS,
      }).catch(() => undefined);
    }
    // The app's code, then the landing screen's, each asked for in a task of its own: every chunk asked for adds
    // a preload link to the page, and together they made one long task just after the first paint.
    const appCode = import('./app/start-app');
    await nextTask();
    void preloadLandingScreen(pathname);
    // React DOM starts in a task of its own while the app's code is on its way (its start runs ~200 KB of code):
    // started by the app's code, it would lengthen the task that evaluates it.
    await nextTask();
    await import('react-dom/client');
    const { createAppRouter, createAppStore, renderApp } = await appCode;
    // Each step its own task, after the app's code has run: together they were one long task a tap waited for.
    await nextTask();
    const app = createAppStore({ sessionKey });
    await nextTask();
    const router = createAppRouter();
    await nextTask();
    renderApp(container, app, { router });
  }
  // Error reporting only when built with a DSN, and only after the first render: the SDK is not first-load code.
  const sentryDsn = import.meta.env.VITE_SENTRY_DSN;
  if (sentryDsn) {
    setTimeout(() => {
      void import('./lib/error-reporting').then(({ startErrorReporting }) =>
        startErrorReporting(sentryDsn, import.meta.env.PROD),
      );
    }, 0);
  }
}

void start();

import { StrictMode } from 'react';
import type { Root, createRoot } from 'react-dom/client';
import { LightSignInPage } from '../features/auth/pages/light-sign-in-page';
import type { SignInValues } from '../features/auth/pages/sign-in-validation';
import type * as StartApp from './start-app';
import type { AppContext } from './store';

type FullApp = { start: typeof StartApp; app: AppContext };

/** What a failed sign-in says when the full app cannot be fetched (as lib/http-client says for no answer). */
const UNREACHABLE = 'Network error — check your connection and try again.';

/**
 * Shows the light sign-in screen (main.tsx decides when) and hands the page to the full app when it is needed.
 * The full app and its store are loaded once, when the founder starts typing, signs in or follows a link; the
 * sign-in goes through that store, so the app then starts already signed in. Returns what unmounts whichever is
 * shown.
 *
 * React DOM's `createRoot` comes from the caller rather than an import here: this module travels in the boot
 * module's chunk, and an import would start React DOM (~200 KB of code to run) as that chunk is evaluated,
 * in the same task, on every visit, signed in or not. main.tsx imports it when this screen is shown.
 */
export function startLightSignIn(container: HTMLElement, createAppRoot: typeof createRoot): () => void {
  const stopFollowingColorScheme = followColorScheme();
  let fullApp: Promise<FullApp> | undefined;
  const loadFullApp = () => {
    fullApp ??= import('./start-app').then(
      (start) => ({ start, app: start.createAppStore() }),
      (error: unknown) => {
        // Offline: the next attempt fetches it again.
        fullApp = undefined;
        throw error;
      },
    );
    return fullApp;
  };

  // A founder who starts typing is about to sign in: fetch the app meanwhile, so the sign-in does not wait for it.
  container.addEventListener('input', () => void loadFullApp().catch(() => undefined), { once: true });

  const sendLogin = async (values: SignInValues) => {
    let loaded: FullApp;
    try {
      loaded = await loadFullApp();
    } catch {
      return UNREACHABLE;
    }
    return loaded.start.signInThrough(loaded.app, values);
  };

  let root: Root = createAppRoot(container);
  const enterApp = (path: string, entry: 'replace' | 'push') => {
    loadFullApp().then(
      ({ start, app }) => {
        root.unmount();
        // From here MUI keeps the class, by the founder's choice.
        stopFollowingColorScheme();
        // The router reads where to start from the address; no navigation state, as after the app's own sign-in.
        if (entry === 'push') window.history.pushState(null, '', path);
        else window.history.replaceState(null, '', path);
        // At once, not in slices: the light screen is gone, and the page would stay blank until the app's
        // render were done.
        root = start.renderApp(container, app, { inSlices: false });
      },
      // Offline: the browser's own navigation says so, and loads the app at the path once it can.
      () => window.location.assign(path),
    );
  };

  root.render(
    <StrictMode>
      <LightSignInPage
        sendLogin={sendLogin}
        enterApp={enterApp}
        // The router keeps a location's state under `usr` in the history entry (the guard's `from`).
        navigationState={(window.history.state as { usr?: unknown } | null)?.usr}
      />
    </StrictMode>,
  );
  return () => root.unmount();
}

/**
 * The colour scheme as a class on <html>, as MUI sets it in the app: the founder's choice there (kept under MUI's
 * `mui-mode`), else the system's, following it while the screen is open.
 */
function followColorScheme(): () => void {
  let chosen: string | null = null;
  try {
    chosen = window.localStorage.getItem('mui-mode');
  } catch {
    // No storage: the system decides.
  }
  const system = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => {
    const dark = chosen === 'dark' || (chosen !== 'light' && Boolean(system?.matches));
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.classList.toggle('light', !dark);
  };
  apply();
  system?.addEventListener?.('change', apply);
  return () => system?.removeEventListener?.('change', apply);
}

import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { authApi } from '../features/auth/api';
import type { SignInValues } from '../features/auth/pages/sign-in-validation';
import { signInText } from '../features/auth/sign-in-form';
import { errorMessage } from '../lib/api';
import { prefetchLandingData } from './landing-data';
import { AppProviders } from './providers';
import { buildRoutes } from './router';
import { createAppStore } from './store';
import type { AppContext } from './store';

/*
 * The full app: store, router, theme and every screen. main.tsx loads it for every page but a first visit to
 * sign-in, and the light sign-in screen loads it when the founder signs in or follows one of its links.
 */

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router at the browser's current address, which starts the first navigation (the landing screen's code).
 * The boot module builds it in a task of its own: matching the routes took a phone's CPU 40–100 ms, which made
 * the render's first task a long one.
 */
export const createAppRouter = (): AppRouter => createBrowserRouter(buildRoutes());

/**
 * Renders the app at the browser's current address, with the store `app` already holds. By default the first
 * render is a transition: React renders it in slices, so a tap on what the page already shows (index.html's
 * first frame) is not held up behind it (decision 049). `inSlices: false` renders it at once, for a caller that
 * has just emptied `container`: a transition would leave the page blank until the last slice.
 */
export function renderApp(
  container: HTMLElement,
  app: AppContext = createAppStore(),
  { inSlices = true, router }: { inSlices?: boolean; router?: AppRouter } = {},
): Root {
  // The landing screen's data is asked for now, while its code is still on the way (./landing-data.ts).
  prefetchLandingData(app, window.location.pathname).catch(() => undefined);
  router ??= createAppRouter();
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <AppProviders app={app}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  if (inSlices) startTransition(render);
  // In the same task as the caller's emptying of the page, so no frame is painted blank in between.
  else flushSync(render);
  return root;
}

/**
 * Sends a sign-in through `app`'s store exactly as the app's own sign-in screen does (the same login mutation,
 * so the session is kept, persisted and announced the same way, a second factor included). Waits for the saved
 * state to be restored first, as the app's screens do behind its persisted-state gate. Resolves to the
 * failure's message, or null once signed in.
 */
export async function signInThrough(app: AppContext, values: SignInValues): Promise<string | null> {
  await app.whenReady();
  const request = app.store.dispatch(authApi.endpoints.login.initiate(values));
  const answer = await request;
  // Nothing shows this call's state in the store: its record goes, as a screen's mutation hook's would.
  request.reset();
  if (!('data' in answer)) return errorMessage(answer.error, signInText.failed);
  // Saved before the page moves on: a reload right after signing in stays signed in.
  await app.saveSession();
  return null;
}

// The light sign-in screen builds the store itself, ahead of rendering: its sign-in goes through it.
export { createAppStore };

import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/router';
import { createAppStore } from './app/store';
import { checkAppVersion } from './lib/app-version';

async function start() {
  // A new build clears stale caches and reloads before anything renders (spec section 4).
  if (await checkAppVersion()) return;
  const app = createAppStore();
  const router = createBrowserRouter(buildRoutes());
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders app={app}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
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

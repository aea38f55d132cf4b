import '@fontsource-variable/inter';
import { installValidationMessages } from '@liftoff/contracts/validation-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/router';
import { createAppStore } from './app/store';
import { checkAppVersion } from './lib/app-version';

installValidationMessages();

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
}

void start();

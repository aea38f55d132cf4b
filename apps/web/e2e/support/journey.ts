import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts the built server (with `env` added to its environment) and Chromium (with `browserArgs`) before the
 * file's journeys, and stops both after them. Call it at the top of a `describe`; read `server` and `browser`
 * in the journeys and hooks that follow (a file's own `afterAll` runs before these are stopped).
 */
export function useServerAndBrowser(env: Record<string, string> = {}, browserArgs: string[] = []): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The server is not started: call useServerAndBrowser() in a describe.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started: call useServerAndBrowser() in a describe.');
      return browser;
    },
  };
}

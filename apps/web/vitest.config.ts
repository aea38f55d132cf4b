import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Node 25 and later have a localStorage global of their own, empty without `--localstorage-file`, and vitest 4
// then leaves it in place of jsdom's Storage: the tests get the browser's Storage only with Node's turned off.
const nodeHasWebStorage = 'localStorage' in globalThis;

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@liftoff/source', ...defaultClientConditions] },
  define: { __APP_VERSION__: JSON.stringify('test-version') },
  // Assets imported by address (`?url`) may come from the workspace's node_modules, as in the build.
  server: { fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
    css: false,
    execArgv: nodeHasWebStorage ? ['--no-webstorage'] : [],
    // One worker per core (vitest's default leaves one idle: on two cores, one file at a time), with room in
    // the time-out for a screen's test while the other core renders another.
    maxWorkers: availableParallelism(),
    testTimeout: 15_000,
  },
});

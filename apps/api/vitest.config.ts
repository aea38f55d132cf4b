import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@liftoff/source'] },
  ssr: { resolve: { conditions: ['@liftoff/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Fails a test whose calls got an answer the OpenAPI document does not describe.
    setupFiles: ['test/setup.ts'],
    // One migrated database that every test app's database is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database; files run in parallel on separate workers.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one process, importing the app once instead of once per
    // file: that import and the database's start were half the suite's processor time. Every file still
    // builds its own app on its own database, and no test changes module state another file reads.
    isolate: false,
    // One worker per core, not vitest's default of one fewer: the main process only collects results, and on
    // a two-core machine the default runs the files one at a time while a core idles.
    maxWorkers: availableParallelism(),
  },
});

import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built server on its own database and drives Chromium.
export default defineConfig({
  test: {
    include: ['**/*.journey.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: one journey at a time keeps timings honest and the machine responsive.
    fileParallelism: false,
    // A journey drives a real browser against a real server on a two-core machine; one retry absorbs a
    // timing hiccup, while a behaviour that is really broken still fails twice and is reported.
    retry: 1,
  },
});

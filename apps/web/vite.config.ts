import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { codeSplittingGroups } from './build/code-splitting.ts';
import { precompress } from './build/precompress.ts';
import { sentinelsWithoutStack } from './build/sentinels-without-stack.ts';

// Build timestamp: the app-version marker (spec section 4) compares it with what the browser last saw.
const appVersion = new Date().toISOString();

/*
 * React Router's package points every import at its development build, dev warnings and their checks included
 * (remix-run/react-router#12532, #14102). The production build has the same exports without them: a built app
 * takes that one, so a founder's phone runs less code on every page; `vite` in development keeps the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), sentinelsWithoutStack(), precompress()],
  // Read @liftoff/contracts from its TypeScript sources (a condition named for this workspace, so no package's own 'source' entry is picked up); no prebuilt dist needed.
  resolve: {
    conditions: ['@liftoff/source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Chunks that follow the module graph (build/code-splitting.ts).
        codeSplitting: { groups: codeSplittingGroups },
      },
    },
  },
}));

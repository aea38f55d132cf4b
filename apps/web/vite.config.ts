import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { codeSplittingGroups } from './build/code-splitting.ts';
import { precompress } from './build/precompress.ts';

// Build timestamp: the app-version marker (spec section 4) compares it with what the browser last saw.
const appVersion = new Date().toISOString();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  // Read @liftoff/contracts from its TypeScript sources (a condition named for this workspace, so no package's own 'source' entry is picked up); no prebuilt dist needed.
  resolve: { conditions: ['@liftoff/source', ...defaultClientConditions] },
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
});

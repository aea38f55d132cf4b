import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest levels:
 * the API serves the one the browser accepts as it is, so no request pays for compression.
 */
function precompress(): Plugin {
  const text = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
  let outDir = '';
  return {
    name: 'liftoff-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const name of files.filter((file) => text.test(file))) {
        const file = path.join(outDir, name);
        const body = await readFile(file);
        const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(body, { level: 9 });
        // A copy no smaller than the file is left out; the file itself is served then.
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

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
        // A phone's connection pays a round trip per request, and the signed-in screens used to fetch 80–90
        // small chunks of MUI and icons each (bench/lighthouse.mjs). So: React and react-dom in a chunk of their
        // own name (the light sign-in screen and the full app both use them; bench/first-load-js.mjs names it);
        // the MUI parts and style engine that several screens share in one; the icons in one. Higher priority
        // groups take their modules first: MUI's core goes to 'mui' before an icon's dependencies could drag it
        // into 'icons'. A part only a few screens use (the data grid's, say) stays with those screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'icons', test: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 1 },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis)[\\/]/,
              priority: 2,
              minShareCount: 6,
            },
          ],
        },
      },
    },
  },
});

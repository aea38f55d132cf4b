import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
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

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const source = (file: string) => path.join(webRoot, 'src', file);
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/** The modules `roots` import statically, transitively, themselves included: what loading them loads. */
function staticClosure(ctx: ChunkingContext, roots: string[]): Set<string> {
  const modules = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const next = pending.pop()!;
    if (modules.has(next)) continue;
    modules.add(next);
    pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return modules;
}

/**
 * Which part of the app a module's code travels in, from the module graph, once per build (per chunking
 * context). In this order, a module going to the first part that loads it:
 * - 'boot': the first load, the boot module and the light sign-in screen with what they import;
 * - 'frame': what every signed-in page loads, whichever it is (the full app's start: store, router, theme, API
 *   client);
 * - 'shell': the founder pages' shell;
 * - each landing screen of app/landing-screens.ts, with what it needs beyond those. The overview goes first: the
 *   mission's page and the coach's take what they share with it from its chunk (about 6 KB), the coach's what
 *   it shares with the mission's page (the markdown renderer) from that one.
 */
const landingScreens = {
  overview: 'features/programs/pages/overview-page.tsx',
  'mission-details': 'features/programs/pages/mission-details-page.tsx',
  'ai-workspace': 'features/ai/pages/ai-workspace-page.tsx',
  'archive-chats': 'features/ai/pages/archive-chats-page.tsx',
};
const partsOf = new WeakMap<ChunkingContext, Map<string, string>>();
function partOf(id: string, ctx: ChunkingContext): string | null {
  let parts = partsOf.get(ctx);
  if (!parts) {
    parts = new Map();
    const roots: [string, string[]][] = [
      ['boot', ['main.tsx', 'app/start-light-sign-in.tsx']],
      ['frame', ['app/start-app.tsx']],
      ['shell', ['app/app-shell.tsx']],
      ...Object.entries(landingScreens).map(([name, file]): [string, string[]] => [name, [file]]),
    ];
    for (const [part, files] of roots) {
      for (const module of staticClosure(ctx, files.map(source)))
        if (!parts.has(module)) parts.set(module, part);
    }
    partsOf.set(ctx, parts);
  }
  return parts.get(id) ?? null;
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
        // A phone's connection pays a round trip per request, and over HTTP/1.1 (the app's own server, as
        // `npm start` serves it) a browser asks for six at a time. The signed-in screens used to fetch 80–90
        // small chunks, then 43 (bench/lighthouse.mjs); now about 14. So:
        // - React and react-dom in a chunk of their own name (the light sign-in screen and the full app both use
        //   them; bench/first-load-js.mjs names it); the MUI parts and style engine that several screens share in
        //   one; the icons in one;
        // - then the parts of partOf above, each in one chunk: nothing in 'frame' or 'shell' is code a signed-in
        //   page would not load anyway, and the first load stays as light as it was.
        // Higher priority groups take their modules first, and a group takes its modules' dependencies along:
        // MUI's core goes to 'mui' before an icon's dependencies could drag it into 'icons', the first load's
        // modules to 'boot' before the frame could drag them into 'frame'. A part only a few screens use (the data
        // grid's, say) stays with those screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            { name: 'icons', test: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 8 },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis)[\\/]/,
              priority: 9,
              minShareCount: 6,
            },
            {
              // The boot module's own file stays the entry chunk; the light sign-in screen and what both import
              // come with it in one chunk.
              name: (id, ctx) =>
                !inNodeModules(id) && id !== source('main.tsx') && partOf(id, ctx) === 'boot' ? 'boot' : null,
              priority: 7,
            },
            { name: (id, ctx) => (partOf(id, ctx) === 'frame' ? 'frame' : null), priority: 6 },
            { name: (id, ctx) => (partOf(id, ctx) === 'shell' ? 'app-shell' : null), priority: 5 },
            // One group each, in landing-screens order: a group takes its modules' dependencies along, so the
            // first screen to load a module must take it first.
            ...Object.keys(landingScreens).map((screen, i) => ({
              name: (id: string, ctx: ChunkingContext) => (partOf(id, ctx) === screen ? screen : null),
              priority: 4 - i,
            })),
          ],
        },
      },
    },
  },
});

import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/** A module of the web app's sources, by its path under src/. */
export const source = (file: string) => path.join(import.meta.dirname, '..', 'src', file);
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

/** The screens most visits land on (src/app/landing-screens.ts), in the order they take shared modules. */
const landingScreens = {
  overview: 'features/programs/pages/overview-page.tsx',
  'mission-details': 'features/programs/pages/mission-details-page.tsx',
  'ai-workspace': 'features/ai/pages/ai-workspace-page.tsx',
  'archive-chats': 'features/ai/pages/archive-chats-page.tsx',
};

/**
 * Which part of the app a module's code travels in, from the module graph, once per build (per chunking
 * context). In this order, a module going to the first part that loads it:
 * - 'boot': the first load, the boot module and the light sign-in screen with what they import;
 * - 'frame': what every signed-in page loads, whichever it is (the full app's start: store, router, theme, API
 *   client);
 * - 'shell': the founder pages' shell;
 * - each landing screen with what it needs beyond those. The overview goes first: the mission's page and the
 *   coach's take what they share with it from its chunk (about 6 KB), the coach's what it shares with the
 *   mission's page (the markdown renderer) from that one.
 */
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

/**
 * The build's chunks. A phone's connection pays a round trip per request, and over HTTP/1.1 (the app's own
 * server, as `npm start` serves it) a browser asks for six at a time. The signed-in screens used to fetch 80–90
 * small chunks, then 43 (bench/lighthouse.mjs); now about 14. So:
 * - React and react-dom in a chunk of their own name (the light sign-in screen and the full app both use them;
 *   bench/first-load-js.mjs names it); the MUI parts and style engine that several screens share in one; the
 *   icons in one;
 * - then the parts of partOf above, each in one chunk: nothing in 'frame' or 'shell' is code a signed-in page
 *   would not load anyway, and the first load stays as light as it was.
 * Higher priority groups take their modules first, and a group takes its modules' dependencies along: MUI's core
 * goes to 'mui' before an icon's dependencies could drag it into 'icons', the first load's modules to 'boot'
 * before the frame could drag them into 'frame'. A part only a few screens use (the data grid's, say) stays with
 * those screens.
 */
export const codeSplittingGroups: CodeSplittingGroup[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis)[\\/]/,
    priority: 9,
    minShareCount: 6,
  },
  { name: 'icons', test: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 8 },
  {
    // The boot module's own file stays the entry chunk; the light sign-in screen and what both import come with
    // it in one chunk.
    name: (id, ctx) =>
      !inNodeModules(id) && id !== source('main.tsx') && partOf(id, ctx) === 'boot' ? 'boot' : null,
    debugName: 'boot',
    priority: 7,
  },
  { name: (id, ctx) => (partOf(id, ctx) === 'frame' ? 'frame' : null), debugName: 'frame', priority: 6 },
  {
    name: (id, ctx) => (partOf(id, ctx) === 'shell' ? 'app-shell' : null),
    debugName: 'app-shell',
    priority: 5,
  },
  // One group each, in landing-screens order: a group takes its modules' dependencies along, so the first screen
  // to load a module must take it first.
  ...Object.keys(landingScreens).map((screen, i) => ({
    name: (id: string, ctx: ChunkingContext) => (partOf(id, ctx) === screen ? screen : null),
    debugName: screen,
    priority: 4 - i,
  })),
];

import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/** A module of the web app's sources, by its path under src/. */
export const source = (file: string) => path.join(import.meta.dirname, '..', 'src', file);
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * MUI's class-name modules (`filledInputClasses.mjs`) import each other's names through the component's barrel
 * (`InputBase/index.mjs`), which re-exports the component as well. Loading the names does not run the component,
 * so from such an import only the barrel's class-name modules are followed: the theme (`@mui/material/styles`
 * imports a dozen class-name modules) would otherwise take InputBase and TextareaAutosize into 'frame'.
 */
const isMuiClassNames = (id: string) => /[\\/]@mui[\\/]material[\\/].*Classes\.m?js$/.test(id);
const isMuiBarrel = (id: string) => /[\\/]@mui[\\/]material[\\/][^\\/]+[\\/]index\.m?js$/.test(id);
/** MUI's form-control context: kept in 'frame' by name (the 'frame' group below says why). */
const isMuiFormControlContext = (id: string) =>
  /[\\/]@mui[\\/]material[\\/]FormControl[\\/](useFormControl|FormControlContext)\.m?js$/.test(id);

/** The modules `roots` import statically, transitively, themselves included: what loading them loads. */
function staticClosure(ctx: ChunkingContext, roots: string[]): Set<string> {
  const modules = new Set<string>();
  const followed = new Set<string>();
  // Each module with whether only its class-name imports are followed (a barrel reached for class names).
  const pending: [string, boolean][] = roots.map((root) => [root, false]);
  while (pending.length) {
    const [next, namesOnly] = pending.pop()!;
    const key = namesOnly ? `names:${next}` : next;
    if (followed.has(key) || followed.has(next)) continue;
    followed.add(key);
    modules.add(next);
    for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) {
      if (namesOnly && !isMuiClassNames(imported)) continue;
      pending.push([imported, isMuiClassNames(next) && isMuiBarrel(imported)]);
    }
  }
  return modules;
}

/** The screens most visits land on (src/app/landing-screens.ts). */
const landingScreens = {
  overview: 'features/programs/pages/overview-page.tsx',
  'mission-details': 'features/programs/pages/mission-details-page.tsx',
  'ai-workspace': 'features/ai/pages/ai-workspace-page.tsx',
  'archive-chats': 'features/ai/pages/archive-chats-page.tsx',
};
const isMui = (id: string) => /[\\/]node_modules[\\/]@mui[\\/]/.test(id);

/**
 * Which part of the app a module's code travels in, from the module graph, once per build (per chunking
 * context). A module goes to the first of these that loads it:
 * - 'boot': the first load, the boot module and the light sign-in screen with what they import;
 * - 'frame': what every signed-in page loads, whichever it is (the full app's start: store, router, theme, API
 *   client, and the MUI parts those use);
 * - 'shell': the founder pages' shell;
 * - the landing screens, by the set of them that loads the module: 'overview' for what only the overview loads,
 *   'overview-mission-details' for what those two and no other screen load. What other screens load as well
 *   goes apart, so they never fetch a landing screen's own code: 'with-mission-details-ai-workspace' (the
 *   markdown renderer), and the MUI parts in 'mui-…' of their own, since the rest of the app uses those most.
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
    ];
    for (const [part, files] of roots) {
      for (const module of staticClosure(ctx, files.map(source)))
        if (!parts.has(module)) parts.set(module, part);
    }
    const landing = new Set(Object.values(landingScreens).map(source));
    const loadedElsewhere = new Set<string>();
    for (const entry of lazyEntries(ctx)) {
      if (!landing.has(entry)) for (const module of staticClosure(ctx, [entry])) loadedElsewhere.add(module);
    }
    const loadedBy = new Map<string, string[]>();
    for (const [screen, file] of Object.entries(landingScreens)) {
      for (const module of staticClosure(ctx, [source(file)])) {
        if (!parts.has(module)) loadedBy.set(module, [...(loadedBy.get(module) ?? []), screen]);
      }
    }
    for (const [module, screens] of loadedBy) {
      const shared = !loadedElsewhere.has(module) ? '' : isMui(module) ? 'mui-' : 'with-';
      parts.set(module, `${shared}${screens.join('-')}`);
    }
    partsOf.set(ctx, parts);
  }
  return parts.get(id) ?? null;
}

/** Every module the app imports lazily (a screen, a dialog, a library), found from the boot module. */
function lazyEntries(ctx: ChunkingContext): Set<string> {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const pending = [source('main.tsx')];
  while (pending.length) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    for (const lazy of info?.dynamicallyImportedIds ?? []) entries.add(lazy);
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return entries;
}

/**
 * The build's chunks. A phone's connection pays a round trip per request, and over HTTP/1.1 (the app's own
 * server, as `npm start` serves it) a browser asks for six at a time. The overview used to fetch 80–90 small
 * chunks, then 43 (bench/lighthouse.mjs); now 13. So:
 * - React and react-dom in a chunk of their own name (the light sign-in screen and the full app both use them;
 *   bench/first-load-js.mjs names it);
 * - then the parts of partOf above, each in one chunk. Nothing in 'frame' or 'shell' is code a signed-in page
 *   would not load anyway, no screen fetches another's own code, and the first load stays as light as it was;
 * - the MUI parts and style engine that other screens share, in one chunk; the icons they use, in one.
 * Higher priority groups take their modules first, and a group takes its modules' dependencies along (but the
 * landing screens', below): the first load's modules go to 'boot' before the frame could drag them into
 * 'frame'. A part only a few other screens use (the data grid's, say) stays with those screens.
 */
export const codeSplittingGroups: CodeSplittingGroup[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
  {
    // The boot module's own file stays the entry chunk; the light sign-in screen and what both import come with
    // it in one chunk.
    name: (id, ctx) =>
      !inNodeModules(id) && id !== source('main.tsx') && partOf(id, ctx) === 'boot' ? 'boot' : null,
    debugName: 'boot',
    priority: 7,
  },
  {
    // MUI's form-control context (186 bytes: every input, checkbox and switch reads it) comes along too. It used to
    // arrive with InputBase; alone it would be a chunk of its own for the AI workspace and a mission's page.
    name: (id, ctx) => (partOf(id, ctx) === 'frame' || isMuiFormControlContext(id) ? 'frame' : null),
    debugName: 'frame',
    priority: 6,
  },
  {
    name: (id, ctx) => (partOf(id, ctx) === 'shell' ? 'app-shell' : null),
    debugName: 'app-shell',
    priority: 5,
  },
  {
    // The landing screens' parts take only their own modules: what those import from elsewhere stays where the
    // other screens find it.
    name: (id, ctx) => {
      const part = partOf(id, ctx);
      return part && !['boot', 'frame', 'shell'].includes(part) ? part : null;
    },
    debugName: 'landing screens',
    priority: 4,
    includeDependenciesRecursively: false,
  },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis)[\\/]/,
    priority: 3,
    minShareCount: 6,
  },
  { name: 'icons', test: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 2 },
];

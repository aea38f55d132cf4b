import { paths } from '../config/paths';
import { nextTask } from '../lib/next-task';

/*
 * The screens most visits land on, as loaders shared by the router and the boot module (main.tsx). The boot
 * module starts fetching the landing screen's code alongside the app's own: otherwise that code is only asked
 * for once the app has arrived and its router runs, a whole round trip later on a phone's connection.
 */
export const loadAppShell = () => import('./app-shell');
export const loadOverviewPage = () => import('../features/programs/pages/overview-page');
export const loadMissionDetailsPage = () => import('../features/programs/pages/mission-details-page');
export const loadAiWorkspacePage = () => import('../features/ai/pages/ai-workspace-page');
export const loadArchiveChatsPage = () => import('../features/ai/pages/archive-chats-page');
export const loadValidationMessages = () => import('@liftoff/contracts/validation-messages');

/** A screen's first data, as addresses under the API base exactly as its queries ask for them. */
type FirstData = (params: Partial<Record<string, string>>) => string[];

const coachCapabilities: FirstData = () => ['/ai/capabilities'];

const landingScreens: { path: string; load: () => Promise<unknown>; firstData?: FirstData }[] = [
  { path: paths.overview, load: loadOverviewPage, firstData: () => ['/userProgram/programs/outline'] },
  {
    path: paths.missionDetails,
    load: loadMissionDetailsPage,
    // The mission query's own encoding of the id the router decodes from the address.
    firstData: ({ missionId }) =>
      missionId ? [`/userMission/${encodeURIComponent(decodeParam(missionId))}`] : [],
  },
  { path: paths.archiveChats, load: loadArchiveChatsPage },
  { path: paths.aiWorkspace, load: loadAiWorkspacePage, firstData: coachCapabilities },
  { path: paths.aiWorkspaceConversation, load: loadAiWorkspacePage, firstData: coachCapabilities },
];

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A route path (`/mission-details/:missionId/:stepId?`) as a pattern for a whole pathname, its parameters as
 * named groups.
 */
export function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const name = part.replace(/^:/, '').replace(/\?$/, '');
      if (!part.startsWith(':')) return `/${part}`;
      return part.endsWith('?') ? `(?:/(?<${name}>[^/]+))?` : `/(?<${name}>[^/]+)`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

function landingScreenAt(pathname: string) {
  return landingScreens.find(({ path }) => routePattern(path).test(pathname));
}

/**
 * What a signed-in page at `pathname` asks the API for before it can show anything: the feature flags, which
 * every signed-in page waits for (app/root.tsx), and a landing screen's own first data. The boot module sends
 * these early (lib/early-requests.ts).
 */
export function firstDataOf(pathname: string): string[] {
  const screen = landingScreenAt(pathname);
  const params = screen ? (routePattern(screen.path).exec(pathname)?.groups ?? {}) : {};
  return ['/feature-flags', ...(screen?.firstData?.(params) ?? [])];
}

/**
 * Starts fetching the code of the screen at `pathname` (and the shell around it), if it is a landing screen.
 * A failure is left to the router, which fetches again and says so where the screen would be. Each part is
 * asked for in a task of its own: asking adds a preload link to the page for every chunk the part needs, and
 * the three together were one task of 80–120 ms on a phone's CPU (Chromium's 4× slowdown), just after the first
 * paint, that a tap would have waited for. Resolves once all three have been asked for.
 */
export async function preloadLandingScreen(pathname: string): Promise<void> {
  const screen = landingScreenAt(pathname);
  if (!screen) return;
  for (const load of [loadAppShell, loadValidationMessages, screen.load]) {
    load().catch(() => undefined);
    await nextTask();
  }
}

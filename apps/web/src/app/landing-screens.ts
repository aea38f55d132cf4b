import { paths } from '../config/paths';

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

const landingScreens: { path: string; load: () => Promise<unknown> }[] = [
  { path: paths.overview, load: loadOverviewPage },
  { path: paths.missionDetails, load: loadMissionDetailsPage },
  { path: paths.archiveChats, load: loadArchiveChatsPage },
  { path: paths.aiWorkspace, load: loadAiWorkspacePage },
  { path: paths.aiWorkspaceConversation, load: loadAiWorkspacePage },
];

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

/**
 * Starts fetching the code of the screen at `pathname` (and the shell around it), if it is a landing screen.
 * A failure is left to the router, which fetches again and says so where the screen would be.
 */
export function preloadLandingScreen(pathname: string): void {
  const screen = landingScreens.find(({ path }) => routePattern(path).test(pathname));
  if (!screen) return;
  for (const load of [loadAppShell, loadValidationMessages, screen.load]) load().catch(() => undefined);
}

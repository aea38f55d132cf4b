import { paths } from '../config/paths';
import { flagsApi } from '../features/flags/api';
import { programsApi } from '../features/programs/api';
import { nextTask } from '../lib/next-task';
import { decideRoute } from './guard';
import { routePattern } from './landing-screens';
import { guardInputOf } from './route-guard';
import type { AppContext } from './store';

/*
 * The data a landing screen shows first, asked for as soon as the saved session is back, alongside the screen's
 * code (app/landing-screens.ts) rather than once that code has arrived and the screen mounts: on a phone's
 * connection that is a round trip saved before the founder sees their program. The screen's own query finds
 * the answer in the cache (or the request under way) and does not ask again. With a saved session the boot
 * module has usually sent these very requests already (app/landing-screens.ts `firstDataOf`,
 * lib/early-requests.ts): the client then takes those answers instead of asking again.
 */
const landingData: {
  path: string;
  prefetch: (app: AppContext, params: Partial<Record<string, string>>) => void;
}[] = [
  {
    path: paths.overview,
    prefetch: ({ store }) => void store.dispatch(programsApi.util.prefetch('programsOutline', undefined, {})),
  },
  {
    path: paths.missionDetails,
    prefetch: ({ store }, { missionId }) => {
      if (missionId)
        void store.dispatch(programsApi.util.prefetch('mission', decodeURIComponent(missionId), {}));
    },
  },
  // What the coach can do decides what the workspace shows above an empty chat (the note that it answers from
  // the program) and beside the question box (the mic): asked for once the chat had drawn, it pushed the chat
  // down under the founder's eyes. Its endpoint comes with the workspace's code, fetched alongside.
  ...[paths.aiWorkspace, paths.aiWorkspaceConversation].map((path) => ({
    path,
    prefetch: ({ store }: AppContext) =>
      void import('../features/ai/api')
        .then(({ aiApi }) => store.dispatch(aiApi.util.prefetch('aiCapabilities', undefined, {})))
        .catch(() => undefined),
  })),
];

/**
 * Starts fetching the first data of the screen at `pathname` once the saved session is back: the feature flags,
 * which every signed-in page waits for (app/root.tsx), and the screen's own data if it is a landing screen.
 * Asked for together, the page waits one round trip for both, not one after the other.
 */
export async function prefetchLandingData(app: AppContext, pathname: string): Promise<void> {
  const screen = landingData
    .map(({ path, prefetch }) => ({ prefetch, match: routePattern(path).exec(pathname) }))
    .find(({ match }) => match);
  await app.whenReady();
  // Each prefetch in a task of its own: each took a phone's CPU 20–50 ms, and with the task that restored the
  // session they made one long task. The requests themselves are usually under way already
  // (lib/early-requests.ts), so waiting for the next task holds nothing up.
  await nextTask();
  // Whenever someone is signed in, as the root asks for them.
  if (app.store.getState().auth.token)
    void app.store.dispatch(flagsApi.util.prefetch('featureFlags', undefined, {}));
  if (!screen?.match) return;
  await nextTask();
  // Only when the guard lets the screen open: signed out, or sent to verify, pass two-factor or finish the
  // profile, the screen's calls would be refused (and a refused call may end the session).
  if (decideRoute(guardInputOf(app.store.getState().auth, 'protected')).type !== 'allow') return;
  screen.prefetch(app, screen.match.groups ?? {});
}

import { vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { paths } from '../../../config/paths';
import { AiWorkspacePage } from '../pages/ai-workspace-page';
import { ArchiveChatsPage } from '../pages/archive-chats-page';
import type { FakeAiServer } from './fake-ai-server';

/** jsdom has no layout: a laptop-wide window for media queries, and scrolling does nothing. */
function pretendLaptop() {
  const width = 1280;
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
  Element.prototype.scrollIntoView = () => undefined;
}

/** The AI workspace's pages at `path`, signed in, through the real store, with `server` behind fetch. */
export async function renderAi(path: string, server: Pick<FakeAiServer, 'fetch'>) {
  pretendLaptop();
  return renderSignedIn(
    [
      { path: paths.aiWorkspace, element: <AiWorkspacePage /> },
      { path: paths.archiveChats, element: <ArchiveChatsPage /> },
      { path: paths.aiWorkspaceConversation, element: <AiWorkspacePage /> },
    ],
    path,
    server.fetch,
  );
}

/** Where the router is now: path and query string. */
export const locationOf = (router: Awaited<ReturnType<typeof renderAi>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

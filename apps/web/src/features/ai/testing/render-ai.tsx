import { pretendViewport } from '../../../lib/testing/viewport';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { paths } from '../../../config/paths';
import { AiWorkspacePage } from '../pages/ai-workspace-page';
import { ArchiveChatsPage } from '../pages/archive-chats-page';
import type { FakeAiServer } from './fake-ai-server';

/** jsdom has no layout: a laptop-wide window for media queries, and scrolling does nothing. */
function pretendLaptop() {
  pretendViewport(1280);
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

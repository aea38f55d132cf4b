import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { ToastHost } from '../../../components/toast/toast-host';
import { paths } from '../../../config/paths';
import { AiWorkspacePage } from '../pages/ai-workspace-page';
import { ArchiveChatsPage } from '../pages/archive-chats-page';
import type { FakeAiServer } from './fake-ai-server';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

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
  const app = createAppStore({
    storage: window.localStorage,
    fetch: server.fetch as unknown as typeof fetch,
    secret: 'test-secret-123456',
  });
  await app.whenReady();
  // Signed in (the auth slice's own action, by type: features do not import each other).
  app.store.dispatch({ type: 'auth/tokensReplaced', payload: { token: TOKEN, refreshToken: TOKEN } });
  const router = createMemoryRouter(
    [
      { path: paths.aiWorkspace, element: <AiWorkspacePage /> },
      { path: paths.archiveChats, element: <ArchiveChatsPage /> },
      { path: paths.aiWorkspaceConversation, element: <AiWorkspacePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
      <ToastHost />
    </AppProviders>,
  );
  return { router, store: app.store };
}

/** Where the router is now: path and query string. */
export const locationOf = (router: Awaited<ReturnType<typeof renderAi>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@liftoff/contracts/ai';
import { createFakeAiServer, messagesOf, range, sessionNamed, titlesOf } from '../testing/fake-ai-server';
import type { FakeRequest } from '../testing/fake-ai-server';
import { locationOf, renderAi } from '../testing/render-ai';

// MUI and role queries are slow in jsdom.
const SLOW = 60_000;

const sessionsList = () => screen.getByRole('list', { name: 'Conversations' });
/** The sidebar's alert (the chat beside it has alerts of its own). */
const sidebarAlert = () =>
  within(screen.getByRole('complementary', { name: 'Conversations and search' })).findByRole('alert');
const shownTitles = () =>
  within(sessionsList())
    .getAllByRole('link')
    .map((link) => link.textContent);
const sessionsPage = (pageNo: number) => (r: FakeRequest) =>
  r.path === '/api/ai/chat-sessions' && r.params.get('pageNo') === String(pageNo);

async function openMenuItem(title: string, item: 'Rename' | 'Archive' | 'Delete') {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

/** Starts choosing conversations and ticks these. */
async function select(...titles: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Select' }));
  for (const title of titles)
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${title}` }));
}

describe('the sidebar list of conversations', { timeout: SLOW }, () => {
  it('shows older conversations page by page; a failed page says so, and Retry fetches that page', async () => {
    const server = createFakeAiServer({ sessions: range(1, 120).map((n) => sessionNamed(n)) });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 050' });
    expect(shownTitles()).toEqual(titlesOf(range(1, 50)));

    const heal = server.failWhile(sessionsPage(2));
    await userEvent.click(screen.getByRole('button', { name: 'Show older conversations' }));
    const alert = await sidebarAlert();
    expect(alert.textContent).toContain('Failed to fetch chat sessions');
    expect(shownTitles()).toHaveLength(50);

    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Conversation 100' });
    expect(alert.isConnected).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await screen.findByRole('link', { name: 'Conversation 120' });
    expect(shownTitles()).toEqual(titlesOf(range(1, 120)));
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull();
  });

  it('after archiving and deleting, older conversations follow on: none skipped, none repeated', async () => {
    const server = createFakeAiServer({ sessions: range(1, 70).map((n) => sessionNamed(n)) });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 050' });

    await openMenuItem('Conversation 002', 'Archive');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Conversation 002' })).toBeNull());
    await select('Conversation 010', 'Conversation 011');
    await userEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 conversations?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownTitles()).toHaveLength(47));

    await userEvent.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await screen.findByRole('link', { name: 'Conversation 070' });
    const remaining = server.active().map((s) => s.title);
    expect(remaining).toHaveLength(67);
    expect(shownTitles()).toEqual(remaining);
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull();
  });

  it("says when the list cannot load, in the spec's words, and Retry loads it", async () => {
    const server = createFakeAiServer({ sessions: [sessionNamed(1)] });
    const heal = server.failWhile(sessionsPage(1));
    await renderAi('/ai-workspace', server);
    const alert = await sidebarAlert();
    expect(alert.textContent).toContain('Failed to fetch chat sessions');
    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Conversation 001' });
    expect(alert.isConnected).toBe(false);
  });
});

describe('renaming a conversation inline', { timeout: SLOW }, () => {
  async function startRenaming() {
    const server = createFakeAiServer({ sessions: [sessionNamed(1), sessionNamed(2)] });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 001' });
    await openMenuItem('Conversation 001', 'Rename');
    const field = await screen.findByRole('textbox', { name: 'Conversation name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    return { server, field };
  }
  const renames = (server: ReturnType<typeof createFakeAiServer>) =>
    server.requests.filter((r) => r.method === 'PUT' && !r.path.endsWith('archive'));

  it('Enter saves the new name', async () => {
    const { server, field } = await startRenaming();
    await userEvent.clear(field);
    await userEvent.type(field, 'Pricing research{Enter}');
    await screen.findByRole('link', { name: 'Pricing research' });
    expect(renames(server).map((r) => r.body)).toEqual([{ title: 'Pricing research' }]);
    expect(screen.queryByRole('textbox', { name: 'Conversation name' })).toBeNull();
    expect((await screen.findByText('Conversation updated.')).textContent).toBeTruthy();
    // Focus goes back to the conversation, not to the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Pricing research' }));
  });

  it('Escape cancels and keeps the old name', async () => {
    const { server, field } = await startRenaming();
    await userEvent.clear(field);
    await userEvent.type(field, 'Something else{Escape}');
    await screen.findByRole('link', { name: 'Conversation 001' });
    expect(screen.queryByRole('textbox', { name: 'Conversation name' })).toBeNull();
    expect(renames(server)).toEqual([]);
  });

  it("refuses an empty or too long name with the field's message", async () => {
    const { server, field } = await startRenaming();
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();

    await userEvent.click(field);
    await userEvent.paste('x'.repeat(201));
    expect(screen.queryByText('Required')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('At most 200 characters')).toBeTruthy();
    expect(renames(server)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Conversation name' })).toBe(field);
  });

  it('a failed rename keeps the old name and says so; Enter tries again', async () => {
    const { server, field } = await startRenaming();
    const heal = server.failWhile((r) => r.method === 'PUT');
    await userEvent.clear(field);
    await userEvent.type(field, 'Pricing research{Enter}');
    await screen.findByText(/Failed to update chat session/, { selector: 'p' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/It is still called “Conversation 001”/)).toBeTruthy();
    expect(server.active()[0]!.title).toBe('Conversation 001');

    heal();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'Pricing research' });
  });
});

describe('choosing several conversations', { timeout: SLOW }, () => {
  it('archives the chosen ones at once', async () => {
    const server = createFakeAiServer({ sessions: range(1, 4).map((n) => sessionNamed(n)) });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 004' });
    await select('Conversation 001', 'Conversation 003');
    await userEvent.click(screen.getByRole('button', { name: 'Archive (2)' }));
    await screen.findByText('Conversations archived.');
    expect(shownTitles()).toEqual(titlesOf([2, 4]));
    expect(server.archived().map((s) => s.title)).toEqual(titlesOf([1, 3]));
    // Done choosing: the row actions are back.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('deletes the chosen ones after confirming, and the open one gives way to a new chat', async () => {
    const open = sessionNamed(2);
    const server = createFakeAiServer({
      sessions: range(1, 3).map((n) => sessionNamed(n)),
      history: { [open.conversationId]: messagesOf('c2', 2) },
    });
    const { router } = await renderAi(`/ai-workspace/${open.conversationId}`, server);
    await screen.findByText('Message 2 of c2');
    await screen.findByRole('link', { name: 'Conversation 003' });

    await select('Conversation 002', 'Conversation 003');
    await userEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete 2 conversations?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.active()).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete 2 conversations?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: 'Ask your coach anything about your program' });
    expect(locationOf(router)).toBe('/ai-workspace');
    expect(screen.queryByText('Message 2 of c2')).toBeNull();
    expect(shownTitles()).toEqual(titlesOf([1]));
    expect(server.active().map((s) => s.title)).toEqual(titlesOf([1]));
  });
});

const hit = (n: number, over: Partial<SearchHit> = {}): SearchHit => ({
  conversation: { id: sessionNamed(1).conversationId, title: 'Pricing talk', isArchived: false },
  messageId: `c1-m${n}`,
  role: 'user',
  snippet: `Result ${n} about <mark>pricing</mark>`,
  rank: 1 - n / 1000,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});
const searchPage = (pageNo: number) => (r: FakeRequest) =>
  r.path === '/api/ai/chat-history/search' && r.params.get('pageNo') === String(pageNo);

describe('searching the history', { timeout: SLOW }, () => {
  const results = () =>
    within(screen.getByRole('complementary', { name: 'Conversations and search' })).getAllByRole('link', {
      name: /^Pricing talk:/,
    });

  async function search(words: string) {
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), words);
  }

  it('reaches every result: "Show more results" appends the next page, and a failed page can be retried', async () => {
    const server = createFakeAiServer({
      sessions: [sessionNamed(1)],
      hits: range(1, 120).map((n) => hit(n)),
    });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 001' });
    await search('pricing');
    await screen.findByText('120 matches for “pricing” · showing 50');
    expect(results()).toHaveLength(50);

    await userEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await screen.findByText('120 matches for “pricing” · showing 100');
    expect(results().map((link) => link.textContent)).toContain('Result 100 about pricing');
    // Focus moves to the first new result.
    expect(document.activeElement).toBe(results()[50]);

    const heal = server.failWhile(searchPage(3));
    await userEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    const alert = await sidebarAlert();
    expect(alert.textContent).toContain('Failed to search chat history');
    expect(results()).toHaveLength(100);
    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('120 matches for “pricing”');
    expect(results()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
    expect(server.calls('GET', '/api/ai/chat-history/search').map((p) => p.get('pageSize'))).toEqual([
      '50',
      '50',
      '50',
      '50',
    ]);
  });

  it("says when the search fails, in the spec's words, and Retry searches again", async () => {
    const server = createFakeAiServer({ sessions: [sessionNamed(1)], hits: [hit(1)] });
    const heal = server.failWhile(searchPage(1));
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 001' });
    await search('pricing');
    const alert = await sidebarAlert();
    expect(alert.textContent).toContain('Failed to search chat history');
    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('1 match for “pricing”');
    expect(results()).toHaveLength(1);
  });

  it('a result opens its conversation at the match, loading older messages until it is there', async () => {
    const conversation = sessionNamed(1, { title: 'Pricing talk' });
    const server = createFakeAiServer({
      sessions: [conversation],
      // 60 messages: page 1 holds the newest 50, so message 3 is on page 2.
      history: { [conversation.conversationId]: messagesOf('c1', 60) },
      hits: [hit(3)],
    });
    const { router } = await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Pricing talk' });
    await search('pricing');
    await userEvent.click((await screen.findAllByRole('link', { name: /^Pricing talk:/ }))[0]!);

    await waitFor(() => expect(document.activeElement?.getAttribute('data-message-id')).toBe('c1-m3'));
    expect(router.state.location.pathname).toBe(`/ai-workspace/${conversation.conversationId}`);
    const pages = server.calls('GET', `/api/ai/chat-history/${conversation.conversationId}`);
    expect(pages.map((p) => p.get('pageNo'))).toEqual(['1', '2']);
    expect(screen.getByText('Message 3 of c1')).toBeTruthy();
  });

  it('an older page that fails on the way to the match stops there; its Retry goes on to the match', async () => {
    const conversation = sessionNamed(1, { title: 'Pricing talk' });
    const server = createFakeAiServer({
      sessions: [conversation],
      history: { [conversation.conversationId]: messagesOf('c1', 60) },
      hits: [hit(3)],
    });
    const historyPage = (pageNo: number) => (r: FakeRequest) =>
      r.path === `/api/ai/chat-history/${conversation.conversationId}` &&
      r.params.get('pageNo') === String(pageNo);
    const heal = server.failWhile(historyPage(2));
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Pricing talk' });
    await search('pricing');
    await userEvent.click((await screen.findAllByRole('link', { name: /^Pricing talk:/ }))[0]!);

    const conversationRegion = await screen.findByRole('region', { name: 'Conversation' });
    const retry = await within(conversationRegion).findByRole('button', { name: 'Retry' });
    // Asked once, not again and again while the page keeps failing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.filter(historyPage(2))).toHaveLength(1);

    heal();
    await userEvent.click(retry);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-message-id')).toBe('c1-m3'));
  });

  it('a match no longer in the conversation is said so, after every page was looked at', async () => {
    const conversation = sessionNamed(1, { title: 'Pricing talk' });
    const server = createFakeAiServer({
      sessions: [conversation],
      history: { [conversation.conversationId]: messagesOf('c1', 60) },
      // Message 99 was deleted after the search found it.
      hits: [hit(99)],
    });
    const { router } = await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Pricing talk' });
    await search('pricing');
    await userEvent.click((await screen.findAllByRole('link', { name: /^Pricing talk:/ }))[0]!);

    await screen.findByText('The message you searched for is no longer in this conversation.');
    const pages = server.calls('GET', `/api/ai/chat-history/${conversation.conversationId}`);
    expect(pages.map((p) => p.get('pageNo'))).toEqual(['1', '2']);
    expect(router.state.location.search).toBe('');
  });
});

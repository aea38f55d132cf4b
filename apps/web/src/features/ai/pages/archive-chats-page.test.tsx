import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeAiServer, range, sessionNamed, titlesOf } from '../testing/fake-ai-server';
import type { FakeRequest } from '../testing/fake-ai-server';
import { locationOf, renderAi } from '../testing/render-ai';

// MUI and role queries are slow in jsdom.
const SLOW = 60_000;

const archivedSessions = (count: number) => range(1, count).map((n) => sessionNamed(n, { isArchived: true }));
const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Archived conversations' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const archivedList = (r: FakeRequest) => r.path === '/api/ai/chat-sessions/archived';

describe('the archive page', { timeout: SLOW }, () => {
  it('pages through the archive, 20 to a page, with the page in the address', async () => {
    const server = createFakeAiServer({ sessions: archivedSessions(45) });
    const { router } = await renderAi('/ai-workspace/archive', server);
    await screen.findByText('45 archived conversations');
    expect(shownTitles()).toEqual(titlesOf(range(1, 20)));

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'Conversation 045' });
    expect(shownTitles()).toEqual(titlesOf(range(41, 45)));
    expect(locationOf(router)).toBe('/ai-workspace/archive?page=3');
    const last = server.calls('GET', '/api/ai/chat-sessions/archived').at(-1)!;
    expect([last.get('pageNo'), last.get('pageSize')]).toEqual(['3', '20']);
  });

  it('says when each conversation was last active as a founder reads it', async () => {
    const minutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const server = createFakeAiServer({
      sessions: [
        sessionNamed(1, { isArchived: true, lastActivityAt: minutesAgo }),
        sessionNamed(2, { isArchived: true, lastActivityAt: '2019-03-04T12:00:00.000Z' }),
      ],
    });
    await renderAi('/ai-workspace/archive', server);
    await screen.findByText('2 archived conversations');
    const items = within(screen.getByRole('list', { name: 'Archived conversations' })).getAllByRole(
      'listitem',
    );
    expect(items[0]!.textContent).toMatch(/Last active (today|yesterday) at \d/);
    expect(items[1]!.textContent).toMatch(/Last active on .*2019/);
  });

  it('searches the archive from page 1, says when nothing matches, and clears the search', async () => {
    const server = createFakeAiServer({
      sessions: [
        ...archivedSessions(25),
        sessionNamed(30, { title: 'Pricing for pilots', isArchived: true }),
      ],
    });
    const { router } = await renderAi('/ai-workspace/archive?page=2', server);
    await screen.findByText('26 archived conversations');
    const field = screen.getByRole('searchbox', { name: 'Search archived conversations' });
    await userEvent.type(field, 'pricing');
    await screen.findByText('1 archived conversation matching “pricing”');
    expect(shownTitles()).toEqual(['Pricing for pilots']);
    expect(locationOf(router)).toBe('/ai-workspace/archive?search=pricing');
    expect(server.calls('GET', '/api/ai/chat-sessions/archived').at(-1)!.get('search')).toBe('pricing');

    await userEvent.type(field, 'zzz');
    await screen.findByRole('heading', { name: 'No archived conversations match “pricingzzz”' });
    await userEvent.click(screen.getByRole('button', { name: 'Show all archived conversations' }));
    await screen.findByText('26 archived conversations');
    expect((field as HTMLInputElement).value).toBe('');
    expect(locationOf(router)).toBe('/ai-workspace/archive');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();

    // The field's own clear button, shown while there is text, does the same.
    await userEvent.type(field, 'pricing');
    await screen.findByText('1 archived conversation matching “pricing”');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText('26 archived conversations');
    expect((field as HTMLInputElement).value).toBe('');
    expect(locationOf(router)).toBe('/ai-workspace/archive');
  });

  it('going back to before a search shows the earlier list and keeps it', async () => {
    const server = createFakeAiServer({
      sessions: [
        ...archivedSessions(21),
        sessionNamed(30, { title: 'Pricing for pilots', isArchived: true }),
      ],
    });
    const { router } = await renderAi('/ai-workspace/archive', server);
    await screen.findByText('22 archived conversations');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Pricing for pilots' });
    const field = screen.getByRole('searchbox', { name: 'Search archived conversations' });
    await userEvent.type(field, 'pricing');
    await screen.findByText('1 archived conversation matching “pricing”');
    // The search took the place of page 2 in the history: Back goes to page 1, without the search.
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: 'Conversation 001' });
    expect(locationOf(router)).toBe('/ai-workspace/archive');
    expect((field as HTMLInputElement).value).toBe('');
    // Well past the search's pause: the field does not put its old words back.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(locationOf(router)).toBe('/ai-workspace/archive');
    expect(screen.getByText('22 archived conversations')).toBeTruthy();
  });

  it('restores a conversation to the top of the active list', async () => {
    const server = createFakeAiServer({ sessions: [...archivedSessions(2), sessionNamed(5)] });
    const { store } = await renderAi('/ai-workspace/archive', server);
    await screen.findByText('2 archived conversations');
    await userEvent.click(screen.getByRole('button', { name: 'Restore Conversation 001' }));
    await screen.findByText('Conversation restored.');
    await screen.findByText('1 archived conversation');
    expect(shownTitles()).toEqual(titlesOf([2]));
    expect(server.active().map((s) => s.title)).toEqual(titlesOf([1, 5]));
    expect(store.getState().aiChat.sessions[0]?.title).toBe('Conversation 001');
  });

  it('deletes a conversation only after confirming', async () => {
    const server = createFakeAiServer({ sessions: archivedSessions(2) });
    await renderAi('/ai-workspace/archive', server);
    await screen.findByText('2 archived conversations');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Conversation 002' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(confirm.textContent).toContain(
      '“Conversation 002” and all its messages will be deleted for good.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.archived()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Conversation 002' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Conversation deleted.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('1 archived conversation');
    expect(shownTitles()).toEqual(titlesOf([1]));
    expect(server.archived().map((s) => s.title)).toEqual(titlesOf([1]));
  });

  it('steps back to the previous page when the last one empties', async () => {
    const server = createFakeAiServer({ sessions: archivedSessions(21) });
    const { router } = await renderAi('/ai-workspace/archive?page=2', server);
    await screen.findByRole('link', { name: 'Conversation 021' });
    await userEvent.click(screen.getByRole('button', { name: 'Restore Conversation 021' }));
    await screen.findByRole('link', { name: 'Conversation 001' });
    await waitFor(() => expect(locationOf(router)).toBe('/ai-workspace/archive'));
    expect(shownTitles()).toEqual(titlesOf(range(1, 20)));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("says when the archive cannot load, in the spec's words, and Retry loads it", async () => {
    const server = createFakeAiServer({ sessions: archivedSessions(1) });
    const heal = server.failWhile(archivedList);
    await renderAi('/ai-workspace/archive', server);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch archived sessions');
    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('1 archived conversation');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the list could not be brought up to date after a restore, and Retry does it', async () => {
    const server = createFakeAiServer({ sessions: archivedSessions(2) });
    await renderAi('/ai-workspace/archive', server);
    await screen.findByText('2 archived conversations');
    const heal = server.failWhile(archivedList, 'The archive is resting.');
    await userEvent.click(screen.getByRole('button', { name: 'Restore Conversation 001' }));
    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((element) => element.textContent?.includes('The archive is resting.'));
      expect(found).toBeTruthy();
      return found!;
    });
    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('1 archived conversation');
    expect(shownTitles()).toEqual(titlesOf([2]));
  });
});

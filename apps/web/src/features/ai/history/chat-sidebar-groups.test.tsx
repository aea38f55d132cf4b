import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '@liftoff/contracts/ai';
import { createFakeAiServer, sessionNamed } from '../testing/fake-ai-server';
import { renderAi } from '../testing/render-ai';

// MUI and role queries are slow in jsdom.
const SLOW = 60_000;

/** The titles under each date heading of the sidebar, as a screen reader meets them: lists named by headings. */
function groupsShown(): Record<string, string[]> {
  const all = screen.getByRole('list', { name: 'Conversations' });
  const groups: Record<string, string[]> = {};
  for (const heading of within(all).getAllByRole('heading', { level: 3 })) {
    const name = heading.textContent ?? '';
    groups[name] = within(screen.getByRole('list', { name }))
      .getAllByRole('link')
      .map((link) => link.textContent ?? '');
  }
  return groups;
}

/** A moment in the founder's own time zone (the test's), as the API writes it. */
const localIso = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('the conversation list by date', { timeout: SLOW }, () => {
  afterEach(() => vi.useRealTimers());

  const sessions = [
    sessionNamed(1, { title: 'Just now', lastActivityAt: localIso(2025, 10, 26, 0, 20) }),
    sessionNamed(2, { title: 'Late last night', lastActivityAt: localIso(2025, 10, 25, 23, 50) }),
    sessionNamed(3, { title: 'Early yesterday', lastActivityAt: localIso(2025, 10, 25, 0, 10) }),
    sessionNamed(4, { title: 'Monday', lastActivityAt: localIso(2025, 10, 23, 9, 0) }),
    sessionNamed(5, { title: 'Two weeks ago', lastActivityAt: localIso(2025, 10, 12, 9, 0) }),
    sessionNamed(6, { title: 'In September', lastActivityAt: localIso(2025, 8, 15, 9, 0) }),
    sessionNamed(7, { title: 'Last summer', lastActivityAt: localIso(2024, 6, 1, 9, 0) }),
  ];

  // Clocks in the past: the signed-in test session expires an hour after the real now.
  async function openAt(now: Date) {
    // Only the date is faked: timers keep running for the app and the user events.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    await renderAi('/ai-workspace', createFakeAiServer({ sessions }));
    await screen.findByRole('link', { name: 'Last summer' });
  }

  it('groups under Today, Yesterday, Previous 7 and 30 days, then by month, by calendar day', async () => {
    await openAt(new Date(2025, 10, 26, 0, 30));
    expect(groupsShown()).toEqual({
      Today: ['Just now'],
      Yesterday: ['Late last night', 'Early yesterday'],
      'Previous 7 days': ['Monday'],
      'Previous 30 days': ['Two weeks ago'],
      'September 2025': ['In September'],
      'July 2024': ['Last summer'],
    });
  });

  it('moves a conversation on as the day changes: late last night is today until midnight', async () => {
    await openAt(new Date(2025, 10, 25, 23, 55));
    // "Just now" is ahead of this clock (as on a skewed device): today as well, not a group of its own.
    expect(groupsShown()).toMatchObject({
      Today: ['Just now', 'Late last night', 'Early yesterday'],
      'Previous 7 days': ['Monday'],
    });
    cleanup();

    await openAt(new Date(2025, 10, 27, 0, 1));
    expect(groupsShown()).toMatchObject({
      Yesterday: ['Just now'],
      'Previous 7 days': ['Late last night', 'Early yesterday', 'Monday'],
    });
  });
});

describe('the conversation list left open overnight', { timeout: SLOW }, () => {
  afterEach(() => vi.useRealTimers());

  it('moves today’s conversations to Yesterday at midnight, without anything else happening', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 10, 25, 23, 59, 59));
    const sessions = [
      sessionNamed(1, { title: 'Late last night', lastActivityAt: localIso(2025, 10, 25, 23, 50) }),
    ];
    await renderAi('/ai-workspace', createFakeAiServer({ sessions }));
    await screen.findByRole('link', { name: 'Late last night' });
    expect(groupsShown()).toEqual({ Today: ['Late last night'] });

    vi.setSystemTime(new Date(2025, 10, 26, 0, 0, 30));
    await screen.findByRole('heading', { name: 'Yesterday' }, { timeout: 5000 });
    expect(groupsShown()).toEqual({ Yesterday: ['Late last night'] });
  });
});

const hit = (conversation: number, title: string, n: number): SearchHit => ({
  conversation: { id: sessionNamed(conversation).conversationId, title, isArchived: conversation === 3 },
  messageId: `c${conversation}-m${n}`,
  role: 'user',
  snippet: `Match ${n} on <mark>pricing</mark>`,
  rank: 1 - n / 100,
  createdAt: '2030-01-01T00:00:00.000Z',
});

describe('history search results', { timeout: SLOW }, () => {
  it('groups the hits by conversation: one group each, its title over its matching messages', async () => {
    const server = createFakeAiServer({
      sessions: [sessionNamed(1)],
      // Ranked: the conversations' hits interleave.
      hits: [
        hit(1, 'Pricing talk', 1),
        hit(2, 'Launch plan', 2),
        hit(1, 'Pricing talk', 3),
        hit(3, 'Old ideas', 4),
        hit(2, 'Launch plan', 5),
      ],
    });
    await renderAi('/ai-workspace', server);
    await screen.findByRole('link', { name: 'Conversation 001' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'pricing');
    await screen.findByText('5 matches for “pricing”');

    const results = screen.getByRole('list', { name: 'Matching conversations' });
    const headings = within(results).getAllByRole('heading', { level: 3 });
    // In the order of each conversation's best match.
    expect(headings.map((h) => h.textContent)).toEqual([
      'Pricing talk',
      'Launch plan',
      'Old ideas · Archived',
    ]);
    const matchesOf = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(matchesOf('Pricing talk')).toEqual(['Match 1 on pricing', 'Match 3 on pricing']);
    expect(matchesOf('Launch plan')).toEqual(['Match 2 on pricing', 'Match 5 on pricing']);
    expect(matchesOf('Old ideas · Archived')).toEqual(['Match 4 on pricing']);
    // Each match opens its conversation at that message.
    const second = within(screen.getByRole('list', { name: 'Launch plan' })).getAllByRole('link')[1]!;
    expect(second.getAttribute('href')).toBe(`/ai-workspace/${sessionNamed(2).conversationId}?message=c2-m5`);
  });
});

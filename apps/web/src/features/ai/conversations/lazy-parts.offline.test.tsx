import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { replyText } from './reply-text';
import { sessionNamed } from '../testing/fake-ai-server';
import { ChatReply, FeedbackDialog, HistorySearchResults, SessionRenameField } from './lazy-parts';

// The connection dropped before the workspace's later parts arrived: each of their modules fails to load.
vi.mock('./chat-markdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('./feedback-dialog', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../history/history-search-results', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../history/session-rename-field', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('./markdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const reply = 'Talk to **five** customers.\n\n- Ask about their week';

it('keeps a reply readable as written when its renderer cannot be fetched', async () => {
  const { container } = render(<ChatReply source={reply} />);
  // Still the plain text once the failed import settled, not an error in place of the reply.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(container.textContent).toBe(reply);
  expect(container.querySelector('strong')).toBeNull();
});

it('copies and reads aloud the reply as written', async () => {
  expect(await replyText(reply)).toBe(reply);
});

it('says the feedback form could not open, and closes', async () => {
  const onClose = vi.fn();
  const { rerender } = render(
    <FeedbackDialog open={false} busy={false} onClose={onClose} onSubmit={vi.fn()} />,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  rerender(<FeedbackDialog open busy={false} onClose={onClose} onSubmit={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'This could not open' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledOnce();
});

it('says the search could not be loaded where its results would be', async () => {
  render(<HistorySearchResults query="interviews" onOpen={vi.fn()} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Search could not be loaded');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});

it('says renaming could not open, offers to try again, and Close or Escape keeps the name', async () => {
  const onDone = vi.fn();
  // The row may sit in the phone's conversations drawer, which closes on an Escape nothing inside has used.
  const drawerEscape = vi.fn();
  render(
    <div onKeyDown={(event) => event.key === 'Escape' && !event.defaultPrevented && drawerEscape()}>
      <SessionRenameField session={sessionNamed(1)} onDone={onDone} />
    </div>,
  );
  expect(screen.getByRole('status').textContent).toBe('Opening the name field…');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Renaming could not open');
  expect(screen.queryByRole('textbox')).toBeNull();
  // Focus had been on the menu, which is gone: it is on the way forward.
  const tryAgain = screen.getByRole('button', { name: 'Try again' });
  expect(document.activeElement).toBe(tryAgain);
  await userEvent.click(tryAgain);
  expect((await screen.findByRole('alert')).textContent).toContain('Renaming could not open');
  await userEvent.keyboard('{Escape}');
  expect(onDone).toHaveBeenCalledOnce();
  expect(drawerEscape).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onDone).toHaveBeenCalledTimes(2);
});

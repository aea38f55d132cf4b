import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SupportTicket } from '@liftoff/contracts/support';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { StudioApp } from '../../../app/studio/studio-app';
import { json, manager } from '../../../app/testing/studio-people';

const ticket: SupportTicket = {
  id: 't1',
  kind: 'CONTACT_US',
  subject: 'Mentor hours',
  message: 'When can I meet a mentor?',
  page: null,
  email: 'ada@example.com',
  status: 'new',
  createdAt: '2026-11-20T10:00:00.000Z',
  replies: [],
};

const SLOW = 30_000;

/** Opens the inbox with the support list answered by `inbox`. */
async function openInbox(inbox: () => Response) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: manager });
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread: 0 } });
    if (url.pathname === '/api/studio/support') return inbox();
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn([{ path: '/studio/*', element: <StudioApp /> }], '/studio/support', fetchImpl);
  expect(await screen.findByRole('heading', { name: 'Support inbox' })).toBeTruthy();
}

const page = (tickets: SupportTicket[]) =>
  json(200, { message: 'ok', data: { tickets, total: tickets.length, page: 1, pageSize: 25 } });

describe('the support inbox', () => {
  it(
    'says what lands here when there is nothing, and that nothing matches once filtered',
    async () => {
      await openInbox(() => page([]));
      expect(await screen.findByText(/No support messages yet/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'mentor' } });
      expect(await screen.findByText('No message matches these filters.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'explains a failed load with the server message and retries',
    async () => {
      let calls = 0;
      await openInbox(() => {
        calls += 1;
        return calls === 1
          ? json(500, { message: 'The database is unavailable.', statusCode: 500, code: 'INTERNAL' })
          : page([ticket]);
      });
      expect(await screen.findByText('We could not load the support inbox.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Mentor hours')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens a message to answer it',
    async () => {
      await openInbox(() => page([ticket]));
      fireEvent.click(await screen.findByText('Mentor hours'));
      await waitFor(() => expect(screen.getByRole('dialog', { name: 'Mentor hours' })).toBeTruthy());
      expect(screen.getByText('When can I meet a mentor?')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Send reply' }).hasAttribute('disabled')).toBe(true);
    },
    SLOW,
  );
});

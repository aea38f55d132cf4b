import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MySupportMessage } from '@liftoff/contracts/support';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { json, manager } from '../../../app/testing/studio-people';
import { MyMessagesPage } from './my-messages-page';

const founder = { ...manager, roles: ['founder' as const] };
const answered: MySupportMessage = {
  id: 'm1',
  kind: 'CONTACT_US',
  subject: 'Mentor hours',
  message: 'When can I meet a mentor?',
  status: 'answered',
  createdAt: '2026-11-20T10:00:00.000Z',
  replies: [{ id: 'r1', message: 'Tuesdays at 10.', createdAt: '2026-11-20T12:00:00.000Z' }],
};

async function open(mine: () => Response) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: founder });
    if (url.pathname === '/api/feedback/mine') return mine();
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn([{ path: '/my-messages', element: <MyMessagesPage /> }], '/my-messages', fetchImpl);
}

describe('my messages', () => {
  it('shows each message with the team’s replies', async () => {
    await open(() => json(200, { message: 'ok', data: [answered] }));
    const card = await screen.findByRole('article', { name: 'Mentor hours' });
    expect(card.textContent).toContain('Tuesdays at 10.');
    expect(card.textContent).toContain('Answered');
  });

  it('says where messages come from when there are none, and retries after a failure', async () => {
    let fail = true;
    await open(() =>
      fail
        ? json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL' })
        : json(200, { message: 'ok', data: [] }),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});

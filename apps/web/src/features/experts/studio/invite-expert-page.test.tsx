import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { InviteExpertPage } from './invite-expert-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('inviting an expert from the studio', () => {
  it('checks the address, sends the invitation and says what happened', async () => {
    const sent: unknown[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
      const url = new URL(request.url, 'http://app');
      if (url.pathname === '/api/studio/experts/invite') {
        const body = (await request.json()) as { email: string };
        sent.push(body);
        if (body.email === 'nobody@example.com')
          return json(404, { message: 'No expert profile', statusCode: 404, code: 'NOT_FOUND' });
        return json(200, {
          message: 'ok',
          data: { expertId: 'e1', email: body.email, invitedAt: '2026-11-25T00:00:00.000Z', linked: false },
        });
      }
      return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
    });
    await renderSignedIn([{ path: '/invite', element: <InviteExpertPage /> }], '/invite', fetchImpl);
    const field = await screen.findByLabelText("Expert's e-mail");
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter the e-mail address of the expert profile.')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/No invitation was sent/)).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'erin@experts.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getByText('Invitation sent to erin@experts.test.')).toBeTruthy());
  }, 30_000);
});

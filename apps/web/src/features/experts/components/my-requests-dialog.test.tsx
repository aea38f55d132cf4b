import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeetingRequest } from '@liftoff/contracts/experts';
import { aMeeting } from '../testing/meetings';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { MyRequestsDialog } from './my-requests-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const proposed = aMeeting({
  start: '2099-03-09T13:00:00.000Z',
  end: '2099-03-09T13:30:00.000Z',
  awaiting: 'founder',
  expertMessage: 'Monday suits me better.',
  sequence: 1,
});
const held: MeetingRequest = {
  ...proposed,
  id: 'm2',
  status: 'ACCEPTED',
  awaiting: null,
  expertMessage: null,
  notes: 'Raise the starter tier.',
};

describe('My requests: a time the expert proposed', () => {
  it('shows the proposal with the expert message and sends the founder answer; notes after a meeting show', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
      const path = new URL(request.url, 'http://app').pathname;
      if (path === '/api/auth/me') return json(200, { message: 'ok', data: userWith(['founder']) });
      if (path === '/api/expert/meetings')
        return json(200, {
          message: 'ok',
          data: posts.length ? [{ ...proposed, status: 'ACCEPTED', awaiting: null }, held] : [proposed, held],
        });
      if (path === '/api/expert/questions') return json(200, { message: 'ok', data: [] });
      if (path === '/api/expert/meetings/m1/proposal') {
        posts.push({ url: path, body: await request.json() });
        return json(200, {
          message: 'Proposal Answered Successfully.',
          data: { ...proposed, status: 'ACCEPTED', awaiting: null },
        });
      }
      return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
    });
    await renderSignedIn(
      [{ path: '/', element: <MyRequestsDialog open onClose={() => undefined} /> }],
      '/',
      fetchImpl,
    );
    const list = await screen.findByRole('list', { name: 'Meeting requests' });
    expect(await within(list).findByText('New time proposed')).toBeTruthy();
    expect(within(list).getByText('Erin wrote: Monday suits me better.')).toBeTruthy();
    expect(within(list).getByText('Raise the starter tier.')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Accept new time' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/expert/meetings/m1/proposal', body: { answer: 'accept' } }]),
    );
    expect(await screen.findByText('Your answer was sent to the expert.')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByText('New time proposed')).toBeNull());
  }, 30_000);
});

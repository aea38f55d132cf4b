import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Expert } from '@liftoff/contracts/experts';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { AskFromStep } from './ask-from-step';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const erin = {
  id: 'e1',
  firstName: 'Erin',
  lastName: 'Expert',
  profileImageUrl: '',
  expertMeta: [],
  services: [],
} as unknown as Expert;

describe('Asking the expert from a mission step', () => {
  it('sends the question with the mission and the step it was asked from', async () => {
    const sent: unknown[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
      const path = new URL(request.url, 'http://app').pathname;
      if (path === '/api/auth/me') return json(200, { message: 'ok', data: userWith(['founder']) });
      if (path === '/api/expert') return json(200, { message: 'ok', data: [erin] });
      if (path === '/api/expert/ask-question') {
        sent.push(await request.json());
        return json(201, { message: 'Question Sent Successfully.', data: { id: 'q1' } });
      }
      return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
    });
    await renderSignedIn(
      [
        {
          path: '/',
          element: (
            <AskFromStep
              expert={erin}
              missionId="mi1"
              missionName="Price your offer"
              stepId="st2"
              stepTitle="Pick a pricing model"
            />
          ),
        },
      ],
      '/',
      fetchImpl,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Ask Erin Expert about this step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Erin Expert a question' });
    expect(
      within(dialog).getByText('Asked from: Price your offer (step: Pick a pricing model)'),
    ).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Subject/), 'Tiers');
    await userEvent.type(within(dialog).getByLabelText(/Your question/), 'Two tiers or three?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          expertId: 'e1',
          subject: 'Tiers',
          question: 'Two tiers or three?',
          missionId: 'mi1',
          stepId: 'st2',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@liftoff/contracts/auth';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { ProfileDetailsCard } from './profile-details-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SLOW = 30_000;

const founder: User = {
  ...userWith(['founder']),
  firstName: 'Ada',
  lastName: 'Founder',
  meta: { startupName: 'Acme', stage: 'Pre-seed', industry: 'Fintech', goals: 'Find ten customers.' },
};

/** The card on its own, with the API answering `answer` for the two writes it makes. */
async function openCard(user: User, answer: (path: string, body: unknown) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const path = new URL(request.url, 'http://app').pathname;
    const body = request.method === 'GET' ? undefined : await request.json();
    sent.push({ method: request.method, path, body });
    return answer(path, body);
  });
  await renderSignedIn(
    [{ path: '/profile', element: <ProfileDetailsCard user={user} /> }],
    '/profile',
    fetchImpl,
  );
  return sent;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the founder edits every onboarding answer in the profile', () => {
  it(
    'shows the saved stage, industry and goals with onboarding’s choices, and saves only what changed',
    async () => {
      const sent = await openCard(founder, (path, body) =>
        path.endsWith('/meta')
          ? json(200, {
              message: 'ok',
              data: { ...founder, meta: { ...founder.meta, ...(body as { meta: object }).meta } },
            })
          : json(200, { message: 'ok', data: founder }),
      );
      expect(screen.getByRole('combobox', { name: 'Stage' }).textContent).toBe('Pre-seed');
      expect(screen.getByRole('combobox', { name: 'Industry' }).textContent).toBe('Fintech');
      expect((screen.getByLabelText('What do you want from the program?') as HTMLTextAreaElement).value).toBe(
        'Find ten customers.',
      );

      await userEvent.click(screen.getByRole('combobox', { name: 'Stage' }));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['Idea', 'Pre-seed', 'Seed', 'Series A', 'Growth']);
      await userEvent.click(screen.getByRole('option', { name: 'Seed' }));
      await choose('Industry', 'Climate');
      const goals = screen.getByLabelText('What do you want from the program?');
      await userEvent.clear(goals);
      await userEvent.type(goals, 'Raise our seed round.');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['PUT', 'PATCH']));
      expect(sent[0]).toEqual({
        method: 'PUT',
        path: '/api/user/u1/meta',
        body: { meta: { stage: 'Seed', industry: 'Climate', goals: 'Raise our seed round.' } },
      });
    },
    SLOW,
  );

  it(
    'shows the API’s message beside the field it names',
    async () => {
      await openCard(founder, (path) =>
        path.endsWith('/meta')
          ? json(400, {
              message: 'Check the highlighted fields.',
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              details: [{ path: 'meta.industry', message: 'Choose an industry' }],
            })
          : json(200, { message: 'ok', data: founder }),
      );
      await choose('Industry', 'Health');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Choose an industry')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'an answer saved before the choices were fixed must be chosen again',
    async () => {
      const sent = await openCard({ ...founder, meta: { ...founder.meta, industry: 'Biotech' } }, () =>
        json(200, { message: 'ok', data: founder }),
      );
      expect(screen.getByRole('combobox', { name: 'Industry' }).textContent).not.toContain('Biotech');
      await userEvent.clear(screen.getByLabelText(/^First name/));
      await userEvent.type(screen.getByLabelText(/^First name/), 'Grace');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Choose an industry')).toBeTruthy();
      expect(sent).toEqual([]);
    },
    SLOW,
  );

  it(
    'an expert who never onboarded as a founder edits their name without startup questions',
    async () => {
      const expert: User = { ...userWith(['founder', 'expert']), profileCompleted: false, meta: {} };
      const sent = await openCard(expert, () => json(200, { message: 'ok', data: expert }));
      expect(screen.queryByRole('combobox', { name: 'Stage' })).toBeNull();
      expect(screen.queryByLabelText(/^Startup name/)).toBeNull();
      await userEvent.type(screen.getByLabelText(/^Last name/), 's');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['PATCH /api/user/update-user/u1']),
      );
    },
    SLOW,
  );
});

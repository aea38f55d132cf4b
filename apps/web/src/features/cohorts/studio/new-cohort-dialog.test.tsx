import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cohort, CohortManager, ProgramChoice } from '@liftoff/contracts/cohorts';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { NewCohortDialog } from './new-cohort-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const programs: ProgramChoice[] = [
  { key: 'venture-foundations', name: 'Venture Foundations', summary: '' },
  { key: 'growth-sprint', name: 'Growth Sprint', summary: '' },
];
const team: CohortManager[] = [
  { id: '3f0c6a4e-8a51-4b8e-9d7a-2a1f0c9e1b22', email: 'mia@team.test', name: 'Mia Manager' },
];

function fakeApi({ failPrograms = false } = {}) {
  const created: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/studio/programs')
      return failPrograms
        ? json(503, { message: 'The server is busy.', statusCode: 503, code: 'INTERNAL_ERROR' })
        : json(200, { message: 'ok', data: programs });
    if (url.pathname === '/api/studio/managers') return json(200, { message: 'ok', data: team });
    if (url.pathname === '/api/studio/cohorts' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      created.push(body);
      return json(201, { message: 'Cohort created successfully.', data: { id: 'c1', ...body } as Cohort });
    }
    return json(404, { message: 'not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, created };
}

const render = (fetchImpl: unknown) =>
  renderSignedIn(
    [
      { path: '/studio/cohorts', element: <NewCohortDialog open onClose={() => undefined} /> },
      { path: '/studio/cohorts/:id', element: <p>Cohort page</p> },
    ],
    '/studio/cohorts',
    fetchImpl,
  );

describe('the new-cohort form', () => {
  it('sends what was filled in and opens the cohort it created', async () => {
    const api = fakeApi();
    await render(api.fetchImpl);
    await userEvent.type(await screen.findByLabelText('Name'), 'Spring 2027');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Program' }).getAttribute('aria-disabled')).not.toBe(
        'true',
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Program' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Growth Sprint' }));
    // Date inputs take their value whole, as a browser's date picker sets it.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2027-08-31' } });
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Europe/Lisbon');
    await userEvent.clear(screen.getByLabelText('Stuck after (days)'));
    await userEvent.type(screen.getByLabelText('Stuck after (days)'), '5');
    await userEvent.click(screen.getByLabelText('Other managers (optional)'));
    await userEvent.click(await screen.findByRole('option', { name: 'Mia Manager (mia@team.test)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create cohort' }));

    expect(await screen.findByText('Cohort page')).toBeTruthy();
    expect(api.created).toEqual([
      {
        name: 'Spring 2027',
        programKey: 'growth-sprint',
        startDate: '2027-03-01',
        endDate: '2027-08-31',
        timeZone: 'Europe/Lisbon',
        stuckAfterDays: 5,
        managerIds: [team[0]!.id],
      },
    ]);
  }, 30_000);

  it('asks for a program when none is chosen, and sends nothing', async () => {
    const api = fakeApi();
    await render(api.fetchImpl);
    await userEvent.type(await screen.findByLabelText('Name'), 'Spring 2027');
    await screen.findByRole('combobox', { name: 'Program' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create cohort' })).toHaveProperty('disabled', false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('Choose the program this cohort runs')).toBeTruthy();
    expect(api.created).toHaveLength(0);
  }, 30_000);

  it('offers a retry when the programs cannot be loaded', async () => {
    const api = fakeApi({ failPrograms: true });
    await render(api.fetchImpl);
    expect(await screen.findByText(/We could not load the programs\. The server is busy\./)).toBeTruthy();
  }, 30_000);
});

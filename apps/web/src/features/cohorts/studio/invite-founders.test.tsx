import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResult, Invitation } from '@liftoff/contracts/cohorts';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInApp } from '../../../app/testing/signed-in-app';
import { InviteFounders } from './invite-founders';

const COHORT = '5d0f5b1c-1111-4111-8111-000000000001';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const invitation = (email: string): Invitation => ({
  id: `id-${email}`,
  cohortId: COHORT,
  email,
  name: email.split('@')[0]!,
  startup: '',
  status: 'PENDING',
  expiresAt: '2026-12-09T10:00:00.000Z',
  sentAt: '2026-11-25T10:00:00.000Z',
  sendCount: 1,
  acceptedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
});

/** The import call as the API answers it: the rows it took, and each bad one with its line and reason. */
function fakeApi(result: ImportResult) {
  const bodies: unknown[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (init?.method === 'POST' && url.pathname === `/api/studio/cohorts/${COHORT}/invitations/import`) {
      bodies.push(JSON.parse(String(init.body)));
      return json(200, { message: 'Invitations processed.', data: result });
    }
    return json(404, { message: 'not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, bodies };
}

async function renderForm(result: ImportResult) {
  const api = fakeApi(result);
  const app = await signedInApp(api.fetchImpl);
  render(
    <AppProviders app={app}>
      <InviteFounders cohortId={COHORT} />
    </AppProviders>,
  );
  return api;
}

const csv =
  'name,email,startup\nAda,ada@example.com,Acme\nBob,not-an-email,Beta\nCy,cy@example.com,\n,dee@example.com,Delta';
const result: ImportResult = {
  invited: [invitation('ada@example.com')],
  joined: [invitation('cy@example.com')],
  errors: [
    { line: 3, email: 'not-an-email', reason: 'E-mail: Enter a valid e-mail address' },
    { line: 5, email: 'dee@example.com', reason: 'Name is missing' },
  ],
};

describe('inviting founders by CSV', () => {
  it('sends the pasted rows and lists each bad row with its line and reason beside what went out', async () => {
    const user = userEvent.setup();
    const api = await renderForm(result);
    await user.click(screen.getByRole('tab', { name: 'Several (CSV)' }));
    await user.click(screen.getByRole('textbox', { name: 'Founders as CSV' }));
    await user.paste(csv);
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));

    const report = await screen.findByRole('list', { name: 'Rows not sent' });
    const rows = within(report).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Line 3 · not-an-emailE-mail: Enter a valid e-mail address',
      'Line 5 · dee@example.comName is missing',
    ]);
    expect(screen.getByText('2 rows were not sent')).toBeTruthy();
    expect(screen.getByText(/1 invitation sent\./)).toBeTruthy();
    expect(screen.getByText(/1 founder with an account joined at once/)).toBeTruthy();
    expect(api.bodies).toEqual([{ csv }]);
  });

  it('reads an uploaded file into the same form', async () => {
    const user = userEvent.setup();
    const api = await renderForm({
      invited: [],
      joined: [],
      errors: [{ line: 1, email: null, reason: 'Name is missing' }],
    });
    await user.click(screen.getByRole('tab', { name: 'Several (CSV)' }));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([',x@example.com,'], 'founders.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Founders as CSV' }) as HTMLTextAreaElement).value).toBe(
        ',x@example.com,',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Line 1')).toBeTruthy();
    expect(screen.queryByText(/invitations? sent\./)).toBeNull();
    expect(api.bodies).toEqual([{ csv: ',x@example.com,' }]);
  });

  it('asks for rows before sending an empty form', async () => {
    const user = userEvent.setup();
    const api = await renderForm(result);
    await user.click(screen.getByRole('tab', { name: 'Several (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(screen.getByText('Paste or upload at least one row.')).toBeTruthy();
    expect(api.bodies).toEqual([]);
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareLink } from '@liftoff/contracts/programs';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInApp } from '../../../app/testing/signed-in-app';
import { ShareDialog } from './share-dialog';
import { SharedLinksCard } from './shared-links-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const FILE_ID = '5d0f5b1c-1111-4111-8111-000000000001';
const MILESTONE_ID = '5d0f5b1c-2222-4222-8222-000000000002';

/** A stand-in for the API's share calls, keeping the live links like the server does. */
function fakeApi(initial: ShareLink[]) {
  let links = [...initial];
  const calls: string[] = [];
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === '/api/shares') {
      const id = url.searchParams.get('id');
      return json(200, { message: 'ok', data: links.filter((l) => !id || l.id === id) });
    }
    if (method === 'POST' && url.pathname === '/api/shares') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      const made = link(`tok-${links.length + 1}`, {
        expiresAt: body.expiresInDays === null ? null : '2026-12-27T10:00:00.000Z',
      });
      links = [made, ...links];
      return json(201, { message: 'Share link created successfully.', data: made });
    }
    if (method === 'DELETE' && url.pathname.startsWith('/api/shares/')) {
      const token = decodeURIComponent(url.pathname.split('/').at(-1)!);
      links = links.filter((l) => l.token !== token);
      return json(200, { message: 'Share link revoked successfully.', data: {} });
    }
    return json(404, { message: 'not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, calls, bodies };
}

const link = (token: string, over: Partial<ShareLink> = {}): ShareLink => ({
  token,
  url: `http://localhost/preview?token=${token}`,
  kind: 'attachment',
  createdAt: '2026-11-20T10:00:00.000Z',
  id: FILE_ID,
  title: 'pitch.pdf',
  expiresAt: '2026-12-20T10:00:00.000Z',
  showFounderName: true,
  showStartupName: true,
  opens: 0,
  lastOpenedAt: null,
  ...over,
});

async function renderWith(ui: ReactNode, links: ShareLink[]) {
  const api = fakeApi(links);
  const app = await signedInApp(api.fetchImpl);
  render(<AppProviders app={app}>{ui}</AppProviders>);
  return api;
}

const SLOW = 30_000;

describe('share links after the dialog that made them has closed', () => {
  it(
    'the share dialog shows the live link again, and revoking it offers a new one',
    async () => {
      const api = await renderWith(
        <ShareDialog kind="attachment" id={FILE_ID} itemName="pitch.pdf" open onClose={() => undefined} />,
        [link('tok-1')],
      );
      const field = await screen.findByTestId('share-url');
      expect((field as HTMLInputElement).value).toBe('http://localhost/preview?token=tok-1');
      expect(api.calls).toContain(`GET /api/shares?kind=attachment&id=${FILE_ID}`);
      await userEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
      await screen.findByText('The link is revoked: it no longer opens anything.');
      expect(api.calls).toContain('DELETE /api/shares/tok-1');
      expect(screen.getByRole('button', { name: 'Create a new link' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'makes a link with the chosen expiry and names, 30 days and both names by default',
    async () => {
      const api = await renderWith(
        <ShareDialog kind="outcome" id={MILESTONE_ID} itemName="Discovery" open onClose={() => undefined} />,
        // An expired link of the same outcome is not offered again.
        [link('old', { kind: 'outcome', id: MILESTONE_ID, expiresAt: '2025-01-01T00:00:00.000Z' })],
      );
      const expiry = await screen.findByRole('combobox', { name: 'Link expires after' });
      expect(expiry.textContent).toBe('30 days');
      const founder = screen.getByRole('switch', { name: 'Show my name' });
      const startup = screen.getByRole('switch', { name: "Show my startup's name" });
      expect((founder as HTMLInputElement).checked).toBe(true);
      expect((startup as HTMLInputElement).checked).toBe(true);
      // By keyboard: open the list, pick "Never", switch the founder's name off.
      expiry.focus();
      await userEvent.keyboard('{Enter}');
      await userEvent.click(await screen.findByRole('option', { name: 'Never' }));
      await userEvent.click(founder);
      await userEvent.click(screen.getByRole('button', { name: 'Create share link' }));
      await screen.findByTestId('share-url');
      expect(api.bodies).toEqual([
        {
          kind: 'outcome',
          id: MILESTONE_ID,
          expiresInDays: null,
          showFounderName: false,
          showStartupName: true,
        },
      ]);
      expect(screen.getByTestId('share-expiry').textContent).toContain('Never expires');
    },
    SLOW,
  );

  it(
    'the outcomes page lists every live link with copy and revoke',
    async () => {
      const api = await renderWith(<SharedLinksCard />, [
        link('tok-1'),
        link('tok-2', {
          kind: 'outcome',
          id: MILESTONE_ID,
          title: 'Problem & Customer Discovery',
          opens: 3,
          lastOpenedAt: '2026-11-24T09:00:00.000Z',
          expiresAt: null,
        }),
        link('tok-3', { title: 'old.pdf', expiresAt: '2025-01-01T00:00:00.000Z', opens: 1 }),
      ]);
      const section = await screen.findByRole('region', { name: 'Shared links' });
      const rows = within(section).getAllByTestId('shared-link');
      expect(rows.map((r) => r.textContent)).toEqual([
        expect.stringContaining('pitch.pdf'),
        expect.stringContaining('Problem & Customer Discovery'),
        expect.stringContaining('old.pdf'),
      ]);
      expect(rows[1]!.textContent).toContain('Outcome · shared');
      expect(rows[0]!.textContent).toContain('Not opened yet');
      expect(rows[0]!.textContent).toMatch(/Expires \S/);
      expect(rows[1]!.textContent).toMatch(/Opened 3 times, last \S/);
      expect(rows[1]!.textContent).toContain('Never expires');
      expect(rows[2]!.textContent).toMatch(/Expired \S/);
      await userEvent.click(screen.getByRole('button', { name: 'Revoke the link to pitch.pdf' }));
      await waitFor(() => expect(within(section).getAllByTestId('shared-link')).toHaveLength(2));
      expect(api.calls).toContain('DELETE /api/shares/tok-1');
    },
    SLOW,
  );

  it(
    'shows nothing when no link is live',
    async () => {
      const api = await renderWith(<SharedLinksCard />, []);
      await waitFor(() => expect(api.calls).toContain('GET /api/shares'));
      expect(screen.queryByRole('region', { name: 'Shared links' })).toBeNull();
    },
    SLOW,
  );
});

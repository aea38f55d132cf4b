import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { StartupPage } from './startup-page';
import { invitation, member, startupOf, startupServer } from '../testing/server';

const SLOW = 30_000;

async function renderPage(server: ReturnType<typeof startupServer>) {
  const rendered = await renderSignedIn(
    [{ path: '/startup', element: <StartupPage /> }],
    '/startup',
    server.fetchImpl,
  );
  // Signed in as Erin (u1), a founder.
  rendered.store.dispatch({ type: 'auth/userReceived', payload: userWith(['founder']) });
  return rendered;
}

const ben = member({
  userId: 'u2',
  name: 'Ben Hopper',
  email: 'ben@example.com',
  role: 'cofounder',
  joinedAt: '2026-11-02T09:00:00.000Z',
});
const cleo = member({
  userId: 'u3',
  name: 'Cleo Park',
  email: 'cleo@example.com',
  role: 'cofounder',
  joinedAt: '2026-11-20T09:00:00.000Z',
});

/** The accessible description of a control: what aria-describedby points to (the kit ties errors so). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the startup page', () => {
  it(
    'shows the company, its members with role and joined date, while loading first',
    async () => {
      const server = startupServer(startupOf({ members: [member(), ben] }));
      await renderPage(server);
      expect(screen.getByRole('status', { name: 'Loading your startup' })).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 1, name: 'Compiler Labs' })).toBeTruthy();
      const members = screen.getByRole('list', { name: 'Members' });
      const rows = within(members).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByText('Erin Expert (you)')).toBeTruthy();
      expect(within(rows[0]!).getByText('Owner')).toBeTruthy();
      expect(within(rows[1]!).getByText('Co-founder')).toBeTruthy();
      expect(within(rows[1]!).getByText(/ben@example\.com · joined .*2026/)).toBeTruthy();
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Compiler Labs');
    },
    SLOW,
  );

  it(
    "puts the API's refusals on their fields, and shows a hostile name as text",
    async () => {
      const server = startupServer(startupOf());
      await renderPage(server);
      const name = await screen.findByLabelText('Name');
      await userEvent.clear(name);
      // Pasted: 200 key presses would only slow the test down.
      await userEvent.click(name);
      await userEvent.paste('N'.repeat(200));
      await userEvent.type(screen.getByLabelText('Website'), 'compiler.example');
      await userEvent.click(screen.getByRole('button', { name: 'Save the company' }));
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(name)).toContain('At most 120 characters');
      const website = screen.getByLabelText('Website');
      expect(website.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(website)).toContain('Use a full address starting with https://');
      // Nothing was saved: the heading still names the saved startup.
      expect(screen.getByRole('heading', { level: 1, name: 'Compiler Labs' })).toBeTruthy();

      await userEvent.clear(name);
      await userEvent.type(name, '<script>alert(1)</script> Labs');
      await userEvent.clear(website);
      await userEvent.type(website, 'https://compiler.example');
      await userEvent.click(screen.getByRole('button', { name: 'Save the company' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: '<script>alert(1)</script> Labs' }),
      ).toBeTruthy();
      expect(document.querySelector('script')).toBeNull();
      const patch = server.requests.filter((r) => r.method === 'PATCH').at(-1);
      expect(patch?.body).toEqual({
        name: '<script>alert(1)</script> Labs',
        website: 'https://compiler.example',
      });
      expect(screen.getByRole('button', { name: 'Save the company' })).toHaveProperty('disabled', true);
    },
    SLOW,
  );

  it(
    'lets the owner invite a co-founder by e-mail and revoke the invitation',
    async () => {
      const server = startupServer(startupOf());
      await renderPage(server);
      const form = await screen.findByRole('form', { name: 'Invite a co-founder' });
      await userEvent.type(within(form).getByLabelText("Co-founder's e-mail"), 'ben@example.com');
      await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(await screen.findByText(/An invitation is on its way to ben@example\.com/)).toBeTruthy();
      const open = await screen.findByRole('list', { name: 'Open invitations' });
      expect(within(open).getByText('ben@example.com')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to ben@example.com' }));
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Open invitations' })).toBeNull());
      expect(screen.getByText('No invitation is open.')).toBeTruthy();
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(
        'DELETE /api/startup/invitations/i1',
      );
    },
    SLOW,
  );

  it(
    'asks before handing ownership on and before removing a member, and Escape keeps everything',
    async () => {
      const server = startupServer(startupOf({ members: [member(), ben, cleo] }));
      await renderPage(server);
      const makeOwner = await screen.findByRole('button', { name: 'Make owner: Ben Hopper' });
      makeOwner.focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Make Ben Hopper the owner?' });
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(makeOwner));
      expect(server.requests.some((r) => r.path === '/api/startup/owner')).toBe(false);
      expect(dialog).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Remove Cleo Park' }));
      const remove = await screen.findByRole('dialog', { name: 'Remove Cleo Park?' });
      await userEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
      await waitFor(() =>
        expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(
          2,
        ),
      );

      await userEvent.click(screen.getByRole('button', { name: 'Make owner: Ben Hopper' }));
      const handOver = await screen.findByRole('dialog', { name: 'Make Ben Hopper the owner?' });
      await userEvent.click(within(handOver).getByRole('button', { name: 'Hand ownership on' }));
      // Now a co-founder: no owner's actions are offered any more.
      await waitFor(() => expect(screen.queryByRole('button', { name: /^Make owner/ })).toBeNull());
      expect(screen.queryByRole('form', { name: 'Invite a co-founder' })).toBeNull();
      expect(server.requests.find((r) => r.path === '/api/startup/owner')?.body).toEqual({ userId: 'u2' });
    },
    SLOW,
  );

  it(
    "says what an owner's leaving does, and the last member's",
    async () => {
      const server = startupServer(startupOf({ members: [member(), cleo, ben] }));
      await renderPage(server);
      await userEvent.click(await screen.findByRole('button', { name: 'Leave the startup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave Compiler Labs?' });
      // Ben joined before Cleo: the longest-standing member after the owner.
      expect(
        within(dialog).getByText(/Ben Hopper becomes the owner, as the longest-standing member/),
      ).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    SLOW,
  );

  it(
    'lets the last member leave, which deletes the startup, and then offers to start one',
    async () => {
      const server = startupServer(startupOf());
      await renderPage(server);
      await userEvent.click(await screen.findByRole('button', { name: 'Leave the startup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave Compiler Labs?' });
      expect(within(dialog).getByText(/You are its only member: Compiler Labs is deleted/)).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
      expect(await screen.findByRole('heading', { name: 'You are not in a startup' })).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Startup name'), 'Second Try');
      await userEvent.click(screen.getByRole('button', { name: 'Start the startup' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Second Try' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows a co-founder the company to edit but none of the owner's actions",
    async () => {
      const owner = member({ userId: 'u9', name: 'Ada Owner', email: 'ada@example.com' });
      const server = startupServer(
        startupOf({ members: [owner, member({ role: 'cofounder' })], invitations: [invitation()] }),
      );
      await renderPage(server);
      expect(await screen.findByRole('button', { name: 'Save the company' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
      expect(screen.queryByRole('form', { name: 'Invite a co-founder' })).toBeNull();
      // The open invitations are shown, without a way to revoke them.
      expect(
        within(screen.getByRole('list', { name: 'Open invitations' })).getByText('ben@example.com'),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Leave the startup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave Compiler Labs?' });
      expect(within(dialog).getByText(/stays with it and its other members/)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'asks a founder already in a startup to accept an invitation, saying what happens to theirs',
    async () => {
      const server = startupServer(startupOf({ name: 'Solo Co' }), {
        received: [invitation({ id: 'i7', startupId: 's7', startupName: 'Rocket Works' })],
      });
      await renderPage(server);
      const invited = await screen.findByRole('region', { name: 'You are invited to a startup' });
      await userEvent.click(
        within(invited).getByRole('button', { name: 'Accept the invitation to Rocket Works' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Join Rocket Works?' });
      expect(
        within(dialog).getByText(/You leave Solo Co\. You are its only member: Solo Co is deleted/),
      ).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and join' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Rocket Works' })).toBeTruthy();
      expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('region', { name: 'You are invited to a startup' })).toBeNull();
    },
    SLOW,
  );

  it(
    'lets a founder decline an invitation, which leaves them in their own startup',
    async () => {
      const server = startupServer(startupOf({ name: 'Solo Co' }), {
        received: [invitation({ id: 'i7', startupId: 's7', startupName: 'Rocket Works' })],
      });
      await renderPage(server);
      const invited = await screen.findByRole('region', { name: 'You are invited to a startup' });
      await userEvent.click(
        within(invited).getByRole('button', { name: 'Decline the invitation to Rocket Works' }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'You are invited to a startup' })).toBeNull(),
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Solo Co' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the server's message with a way to try again when the startup cannot be loaded",
    async () => {
      const server = startupServer(startupOf(), { failGet: true });
      await renderPage(server);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('The server is busy.')).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    SLOW,
  );
});

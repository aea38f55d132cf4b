import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, userWith } from '../../../app/testing/signed-in-app';
import { invitation, member, startupOf, startupServer } from '../testing/server';
import { StartupSummary } from './startup-summary';

const SLOW = 30_000;

async function renderOnProfile(server: ReturnType<typeof startupServer>, profileCompleted = true) {
  const rendered = await renderSignedIn(
    [
      { path: '/profile', element: <StartupSummary /> },
      { path: '/startup', element: <p>Startup page</p> },
    ],
    '/profile',
    server.fetchImpl,
  );
  rendered.store.dispatch({
    type: 'auth/userReceived',
    payload: { ...userWith(['founder']), profileCompleted },
  });
  return rendered;
}

describe("the profile's startup summary", () => {
  it(
    'names the startup and its members, leads to its page, and shows an invitation to another',
    async () => {
      const server = startupServer(
        startupOf({ members: [member(), member({ userId: 'u2', role: 'cofounder' })] }),
        {
          received: [invitation({ id: 'i7', startupId: 's7', startupName: 'Rocket Works' })],
        },
      );
      await renderOnProfile(server);
      const summary = await screen.findByRole('region', { name: 'Your startup' });
      expect(await within(summary).findByText('Compiler Labs · 2 members')).toBeTruthy();
      expect(within(summary).getByRole('link', { name: 'Open your startup' }).getAttribute('href')).toBe(
        '/startup',
      );
      const invited = await screen.findByRole('region', { name: 'You are invited to a startup' });
      expect(
        within(invited).getByRole('button', { name: 'Accept the invitation to Rocket Works' }),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows nothing to a person who is no founder and has no invitation',
    async () => {
      const server = startupServer(null);
      await renderOnProfile(server, false);
      await waitFor(() =>
        expect(server.requests.some((r) => r.path === '/api/startup/invitations/received')).toBe(true),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('region')).toBeNull();
    },
    SLOW,
  );
});

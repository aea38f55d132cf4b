import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@liftoff/contracts/notifications';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { NotificationBell } from './notification-bell';
import { notificationsServer as server } from '../testing/server';

const SLOW = 30_000;

const item = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'deliverable.reviewed',
  icon: 'mention',
  title: "Morgan requested changes on 'Problem statement'",
  body: 'Name the clinics you spoke to.',
  link: '/mission-deliverable/m1',
  readAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  count: 1,
  ...over,
});

async function renderBell(fetchImpl: unknown) {
  return renderSignedIn(
    [
      { path: '/overview', element: <NotificationBell /> },
      { path: '/mission-deliverable/:missionId', element: <p>Deliverable page</p> },
    ],
    '/overview',
    fetchImpl,
  );
}

describe('the notification bell', () => {
  it(
    'shows the unread count, lists the notifications, and opens one, marking it read',
    async () => {
      const { fetchImpl, requests } = server([
        item('n1', { count: 3 }),
        item('n2', {
          icon: 'star',
          title: 'Your deliverable was approved',
          readAt: '2026-11-24T10:00:00.000Z',
        }),
      ]);
      const { router } = await renderBell(fetchImpl);
      const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      await userEvent.click(bell);
      const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
      expect(await within(dialog).findByText('Your deliverable was approved')).toBeTruthy();
      // Three entries about the same deliverable show as one, saying how many.
      expect(within(dialog).getByText(/3 updates/)).toBeTruthy();
      await userEvent.click(within(dialog).getByText("Morgan requested changes on 'Problem statement'"));
      await waitFor(() => expect(router.state.location.pathname).toBe('/mission-deliverable/m1'));
      expect(requests).toContain('POST /api/notifications/n1/read');
    },
    SLOW,
  );

  it(
    'marks all read, and the count goes away',
    async () => {
      const { fetchImpl, requests } = server([item('n1'), item('n2')]);
      await renderBell(fetchImpl);
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
      await waitFor(() => expect(requests).toContain('POST /api/notifications/read-all'));
      // The popover keeps the page behind it hidden from assistive technology while open.
      expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
      expect(requests).toContain('POST /api/notifications/read-all');
    },
    SLOW,
  );

  it(
    'says when there is nothing yet',
    async () => {
      const empty = server([]);
      await renderBell(empty.fetchImpl);
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
      expect(await screen.findByText('No notifications yet')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers a retry when the list fails',
    async () => {
      const failing = server([item('n1')], { failList: true });
      await renderBell(failing.fetchImpl);
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      expect(
        await screen.findByText(/We could not load your notifications\. The server is busy\./),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    SLOW,
  );
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@liftoff/contracts/notifications';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsPage } from './notifications-page';
import { notificationsServer as server, READ_AT } from '../testing/server';

const SLOW = 30_000;

const item = (n: number, over: Partial<Notification> = {}): Notification => ({
  id: `n${n}`,
  kind: 'deliverable.commented',
  icon: 'mention',
  title: `Comment ${n} on your deliverable`,
  body: 'Your reviewer wrote to you.',
  link: `/mission-deliverable/m${n}`,
  readAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 25, 10, 0) - n * 60_000).toISOString(),
  count: 1,
  ...over,
});

const many = (count: number) => Array.from({ length: count }, (_, i) => item(i + 1));

async function renderPage(fetchImpl: unknown, path = '/notifications') {
  return renderSignedIn(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/overview', element: <NotificationBell /> },
      { path: '/mission-deliverable/:missionId', element: <p>Deliverable page</p> },
    ],
    path,
    fetchImpl,
  );
}

describe('the notifications page', () => {
  it(
    'lists every notification a page at a time, newest first',
    async () => {
      const { fetchImpl, requests } = server(many(25));
      await renderPage(fetchImpl);
      const list = await screen.findByRole('list', { name: 'Notifications' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(20);
      expect(within(list).getByText(/Comment 1 on your deliverable/)).toBeTruthy();
      expect(screen.getByText('25 notifications')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
      expect(await screen.findByText(/Comment 21 on your deliverable/)).toBeTruthy();
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem'),
      ).toHaveLength(5);
      expect(requests).toContain('GET /api/notifications?page=2&pageSize=20');
    },
    SLOW,
  );

  it(
    'marks one read, then all, and shows only the unread when asked',
    async () => {
      const { fetchImpl, requests } = server([item(1), item(2), item(3, { readAt: READ_AT })]);
      await renderPage(fetchImpl);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Mark “Comment 1 on your deliverable” as read' }),
      );
      await waitFor(() => expect(requests).toContain('POST /api/notifications/n1/read'));
      await userEvent.click(screen.getByRole('tab', { name: /Unread/ }));
      expect(await screen.findByRole('tab', { name: 'Unread (1)' })).toBeTruthy();
      const list = await screen.findByRole('list', { name: 'Notifications' });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
      expect(within(list).getByText(/Comment 2 on your deliverable/)).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
      expect(await screen.findByText('Nothing unread')).toBeTruthy();
      expect(requests).toContain('POST /api/notifications/read-all');
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
    },
    SLOW,
  );

  it(
    'links each notification to what it is about, and reads it on the way',
    async () => {
      const { fetchImpl, requests } = server([item(7)]);
      const { router } = await renderPage(fetchImpl);
      await userEvent.click(await screen.findByRole('link', { name: /Comment 7 on your deliverable/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/mission-deliverable/m7'));
      expect(requests).toContain('POST /api/notifications/n7/read');
    },
    SLOW,
  );

  it(
    'is reached from the bell',
    async () => {
      const { fetchImpl } = server([item(1)]);
      const { router } = await renderPage(fetchImpl, '/overview');
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      await userEvent.click(await screen.findByRole('link', { name: 'See all notifications' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
      expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says when there is nothing yet',
    async () => {
      const empty = server([]);
      await renderPage(empty.fetchImpl);
      expect(await screen.findByText('No notifications yet')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers a retry when the list fails',
    async () => {
      const failing = server([item(1)], { failList: true });
      await renderPage(failing.fetchImpl);
      expect(await screen.findByRole('button', { name: /Try again/ })).toBeTruthy();
    },
    SLOW,
  );
});

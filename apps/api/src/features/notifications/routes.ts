import { envelope } from '@liftoff/contracts/common';
import {
  notification,
  notificationIdParams,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
  readAllResult,
  unreadCount,
  updateNotificationPreferencesBody,
} from '@liftoff/contracts/notifications';
import { emptyObject } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { NotificationsService } from './service.js';

const tags = ['notifications'];

/** The caller's own notification centre, the same for founders, experts and the program team. */
export async function notificationsRoutes(app: FastifyInstance, options: { service: NotificationsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: notificationsQuery,
        response: { 200: envelope(notificationsPage) },
      },
    },
    async (request) =>
      ok('Notifications fetched successfully.', await service.list(me(request), request.query)),
  );

  r.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        response: { 200: envelope(unreadCount) },
      },
    },
    async (request) =>
      ok('Unread count fetched successfully.', { unread: await service.unread(me(request)) }),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        params: notificationIdParams,
        body: emptyObject.nullish(),
        response: { 200: envelope(notification) },
      },
    },
    async (request) =>
      ok('Notification marked read.', await service.markRead(me(request), request.params.id)),
  );

  r.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        body: emptyObject.nullish(),
        response: { 200: envelope(readAllResult) },
      },
    },
    async (request) =>
      ok('All notifications marked read.', { updated: await service.markAllRead(me(request)) }),
  );

  r.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Which kinds of notification also come by e-mail',
        response: { 200: envelope(notificationPreferences) },
      },
    },
    async (request) => ok('Preferences fetched successfully.', await service.preferences(me(request))),
  );

  r.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turn e-mails on or off per kind of notification',
        body: updateNotificationPreferencesBody,
        response: { 200: envelope(notificationPreferences) },
      },
    },
    async (request) => ok('Preferences saved.', await service.updatePreferences(me(request), request.body)),
  );
}

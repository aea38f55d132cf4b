import type {
  Notification,
  NotificationPreferences,
  NotificationsPage,
  UpdateNotificationPreferencesBody,
} from '@liftoff/contracts/notifications';
import { api } from '../../lib/api';

/** How often the bell asks for the unread count while the app is open. */
export const UNREAD_POLL_MS = 30_000;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<
      NotificationsPage,
      { page?: number; pageSize?: number; unreadOnly?: boolean } | void
    >({
      query: (args) => ({
        url: `/notifications?page=${args?.page ?? 1}&pageSize=${args?.pageSize ?? 20}${
          args?.unreadOnly ? '&unreadOnly=true' : ''
        }`,
        method: 'GET',
        headerType: 'authorization',
      }),
      extraOptions: { silent: true },
      providesTags: ['Notifications'],
    }),
    unreadCount: build.query<{ unread: number }, void>({
      query: () => ({ url: '/notifications/unread-count', method: 'GET', headerType: 'authorization' }),
      extraOptions: { silent: true },
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({
        url: `/notifications/${encodeURIComponent(id)}/read`,
        method: 'POST',
        headerType: 'authorization',
      }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST', headerType: 'authorization' }),
      invalidatesTags: ['Notifications'],
    }),
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => ({ url: '/notifications/preferences', method: 'GET', headerType: 'authorization' }),
      extraOptions: { silent: true },
      providesTags: ['Notifications'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, UpdateNotificationPreferencesBody>(
      {
        query: (body) => ({
          url: '/notifications/preferences',
          method: 'PUT',
          headerType: 'authorization',
          body,
        }),
        extraOptions: { successToast: true },
        invalidatesTags: ['Notifications'],
      },
    ),
  }),
});

export const {
  useNotificationsQuery,
  useUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;

import type {
  SupportInboxPage,
  SupportInboxQuery,
  SupportStatus,
  SupportTicket,
} from '@liftoff/contracts/support';
import { api } from '../../../lib/api';

export const supportInboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportInbox: build.query<SupportInboxPage, Partial<SupportInboxQuery>>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          if (value !== undefined && value !== '') params.set(key, String(value));
        return { url: `/studio/support?${params}`, method: 'GET', headerType: 'authorization' };
      },
      extraOptions: { silent: true },
      providesTags: ['Support'],
    }),
    setSupportStatus: build.mutation<SupportTicket, { id: string; status: SupportStatus }>({
      query: ({ id, status }) => ({
        url: `/studio/support/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        body: { status },
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Support', 'Audit'],
    }),
    replyToSupport: build.mutation<SupportTicket, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: `/studio/support/${encodeURIComponent(id)}/replies`,
        method: 'POST',
        body: { message },
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Support', 'Audit'],
    }),
  }),
});

export const { useSupportInboxQuery, useSetSupportStatusMutation, useReplyToSupportMutation } =
  supportInboxApi;

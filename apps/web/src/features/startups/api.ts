import type {
  CreateStartupBody,
  InviteResult,
  Startup,
  StartupInvitation,
  UpdateStartupBody,
} from '@liftoff/contracts/startups';
import { api } from '../../lib/api';

/*
 * The founder's own startup (docs/decisions/063). Every change answers the whole startup, which replaces the
 * cached one at once; 'User' is invalidated too where the change rewrites the account's copy of the company
 * answers (name, stage, industry), so the profile shows the same.
 */
const authorized = { headerType: 'authorization' } as const;

export const startupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 404 when the caller is in no startup: the page's empty state, not a toast. */
    myStartup: build.query<Startup, void>({
      query: () => ({ url: '/startup', method: 'GET', ...authorized }),
      extraOptions: { silent: true },
      providesTags: ['Startup'],
    }),
    receivedInvitations: build.query<StartupInvitation[], void>({
      query: () => ({ url: '/startup/invitations/received', method: 'GET', ...authorized }),
      extraOptions: { silent: true },
      providesTags: ['Startup'],
    }),
    createStartup: build.mutation<Startup, CreateStartupBody>({
      query: (body) => ({ url: '/startup', method: 'POST', body, ...authorized }),
      // A refused name is shown on its field, not in a toast.
      extraOptions: { successToast: true, silent: true },
      invalidatesTags: ['Startup', 'User'],
    }),
    updateStartup: build.mutation<Startup, UpdateStartupBody>({
      query: (body) => ({ url: '/startup', method: 'PATCH', body, ...authorized }),
      extraOptions: { successToast: true, silent: true },
      invalidatesTags: ['Startup', 'User'],
    }),
    inviteCofounder: build.mutation<InviteResult, { email: string }>({
      query: (body) => ({ url: '/startup/invitations', method: 'POST', body, ...authorized }),
      extraOptions: { silent: true },
      invalidatesTags: ['Startup'],
    }),
    revokeCofounderInvitation: build.mutation<StartupInvitation, string>({
      query: (id) => ({
        url: `/startup/invitations/${encodeURIComponent(id)}`,
        method: 'DELETE',
        ...authorized,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup'],
    }),
    acceptInvitation: build.mutation<Startup, string>({
      query: (id) => ({
        url: `/startup/invitations/${encodeURIComponent(id)}/accept`,
        method: 'POST',
        ...authorized,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup', 'User'],
    }),
    declineInvitation: build.mutation<StartupInvitation, string>({
      query: (id) => ({
        url: `/startup/invitations/${encodeURIComponent(id)}/decline`,
        method: 'POST',
        ...authorized,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup'],
    }),
    leaveStartup: build.mutation<Record<string, never>, void>({
      query: () => ({ url: '/startup/leave', method: 'POST', ...authorized }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup', 'User'],
    }),
    removeMember: build.mutation<Startup, string>({
      query: (userId) => ({
        url: `/startup/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
        ...authorized,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup'],
    }),
    handOver: build.mutation<Startup, string>({
      query: (userId) => ({ url: '/startup/owner', method: 'PUT', body: { userId }, ...authorized }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Startup'],
    }),
  }),
});

export const {
  useMyStartupQuery,
  useReceivedInvitationsQuery,
  useCreateStartupMutation,
  useUpdateStartupMutation,
  useInviteCofounderMutation,
  useRevokeCofounderInvitationMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useLeaveStartupMutation,
  useRemoveMemberMutation,
  useHandOverMutation,
} = startupsApi;

import type {
  Cohort,
  CohortManager,
  CreateCohortBody,
  Dashboard,
  ImportResult,
  Invitation,
  InviteBody,
  ProgramChoice,
  Timeline,
  UpdateCohortBody,
} from '@liftoff/contracts/cohorts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api, GENERIC_ERROR, type ApiExtra } from '../../lib/api';
import { HttpError } from '../../lib/http-client';
import { showError } from '../../lib/toast';

const auth = 'authorization';
const cohortsBase = api.enhanceEndpoints({ addTagTypes: ['Cohort', 'Invitation', 'Dashboard'] });

/** The studio's cohort calls: cohorts, invitations, the dashboard and a founder's timeline. */
export const cohortsApi = cohortsBase.injectEndpoints({
  endpoints: (build) => ({
    cohorts: build.query<Cohort[], void>({
      query: () => ({ url: '/studio/cohorts', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['Cohort'],
    }),
    /** The programs a cohort can run (not the caller's own, which the founders' `programs` are). */
    cohortPrograms: build.query<ProgramChoice[], void>({
      query: () => ({ url: '/studio/programs', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
    }),
    teamManagers: build.query<CohortManager[], void>({
      query: () => ({ url: '/studio/managers', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
    }),
    createCohort: build.mutation<Cohort, CreateCohortBody>({
      query: (body) => ({ url: '/studio/cohorts', method: 'POST', headerType: auth, body }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Cohort'],
    }),
    updateCohort: build.mutation<Cohort, { id: string; body: UpdateCohortBody }>({
      query: ({ id, body }) => ({ url: `/studio/cohorts/${id}`, method: 'PATCH', headerType: auth, body }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Cohort', 'Dashboard'],
    }),
    invitations: build.query<Invitation[], string>({
      query: (id) => ({ url: `/studio/cohorts/${id}/invitations`, method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['Invitation'],
    }),
    invite: build.mutation<{ invitation: Invitation; joined: boolean }, { id: string; body: InviteBody }>({
      query: ({ id, body }) => ({
        url: `/studio/cohorts/${id}/invitations`,
        method: 'POST',
        headerType: auth,
        body,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Invitation', 'Cohort', 'Dashboard'],
    }),
    importInvitations: build.mutation<ImportResult, { id: string; csv: string }>({
      query: ({ id, csv }) => ({
        url: `/studio/cohorts/${id}/invitations/import`,
        method: 'POST',
        headerType: auth,
        body: { csv },
      }),
      invalidatesTags: ['Invitation', 'Cohort', 'Dashboard'],
    }),
    resendInvitation: build.mutation<Invitation, { id: string; invitationId: string }>({
      query: ({ id, invitationId }) => ({
        url: `/studio/cohorts/${id}/invitations/${invitationId}/resend`,
        method: 'POST',
        headerType: auth,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Invitation'],
    }),
    revokeInvitation: build.mutation<Invitation, { id: string; invitationId: string }>({
      query: ({ id, invitationId }) => ({
        url: `/studio/cohorts/${id}/invitations/${invitationId}/revoke`,
        method: 'POST',
        headerType: auth,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Invitation', 'Cohort'],
    }),
    dashboard: build.query<Dashboard, string>({
      query: (id) => ({ url: `/studio/cohorts/${id}/dashboard`, method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['Dashboard'],
    }),
    timeline: build.query<Timeline, { id: string; founderId: string }>({
      query: ({ id, founderId }) => ({
        url: `/studio/cohorts/${id}/founders/${founderId}/timeline`,
        method: 'GET',
        headerType: auth,
      }),
      extraOptions: { silent: true },
      providesTags: ['Dashboard'],
    }),
    reopenMission: build.mutation<null, { id: string; founderId: string; missionId: string }>({
      query: ({ id, founderId, missionId }) => ({
        url: `/studio/cohorts/${id}/founders/${founderId}/missions/${missionId}/reopen`,
        method: 'POST',
        headerType: auth,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useCohortsQuery,
  useCohortProgramsQuery,
  useTeamManagersQuery,
  useCreateCohortMutation,
  useUpdateCohortMutation,
  useInvitationsQuery,
  useInviteMutation,
  useImportInvitationsMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useDashboardQuery,
  useTimelineQuery,
  useReopenMissionMutation,
} = cohortsApi;

/** Downloads the cohort's progress CSV (it needs the bearer token, so a plain link cannot fetch it). */
export function exportProgress(
  id: string,
  fileName: string,
): ThunkAction<Promise<void>, unknown, ApiExtra, UnknownAction> {
  return async (dispatch, _getState, { http }) => {
    try {
      const response = await http.request<Blob>({
        url: `/studio/cohorts/${id}/export.csv`,
        method: 'GET',
        headerType: auth,
        responseType: 'blob',
      });
      const href = URL.createObjectURL(response.data);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (error) {
      const data = error instanceof HttpError ? (error.data as { message?: unknown } | null) : null;
      dispatch(showError(typeof data?.message === 'string' ? data.message : GENERIC_ERROR));
    }
  };
}

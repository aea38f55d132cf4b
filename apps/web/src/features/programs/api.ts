import type {
  Attachment,
  Milestone,
  MilestoneOutcome,
  Mission,
  NextStepBody,
  NextStepResult,
  CreateShareBody,
  Preview,
  Program,
  ProgramOutline,
  Share,
  ShareLink,
  Step,
} from '@liftoff/contracts/programs';
import type { MissionContributions } from '@liftoff/contracts/programs-contributions';
import type { DeliverableReview, ReviewComment } from '@liftoff/contracts/programs-review';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, GENERIC_ERROR } from '../../lib/api';
import type { ApiExtra } from '../../lib/api';
import { HttpError } from '../../lib/http-client';
import { showError, showSuccess } from '../../lib/toast';
import { apiPath } from './lib/urls';
import { saveBlob } from '../../lib/save-blob';

export type ShareKind = Share['kind'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the api slice state, as RTK Query types it
type AppThunkDispatch = ThunkDispatch<any, unknown, UnknownAction>;
export type OutcomesFilter = { programId?: string; milestoneId?: string };

const programsBase = api.enhanceEndpoints({
  addTagTypes: ['Program', 'Milestone', 'Mission', 'Outcome', 'Share', 'Review', 'Contributions'],
});

/**
 * The programs calls of spec section 7 and api-contract.md "Programs". Tags: completing a step, handing
 * in or removing a file refresh the mission, its milestone, the program (overview, map) and the outcomes;
 * those and a saved worksheet refresh the mission's "who did what" (`Contributions`, by mission id).
 */
export const programsApi = programsBase.injectEndpoints({
  endpoints: (build) => ({
    programs: build.query<Program[], void>({
      query: () => ({ url: '/userProgram/programs', method: 'GET', headerType: 'authorization' }),
      providesTags: ['Program'],
    }),
    /** The programs without their steps' bodies: what the overview reads, a third of the size. */
    programsOutline: build.query<ProgramOutline[], void>({
      query: () => ({ url: '/userProgram/programs/outline', method: 'GET', headerType: 'authorization' }),
      providesTags: ['Program'],
    }),
    program: build.query<Program, string>({
      query: (id) => ({
        url: `/userProgram/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: ['Program'],
    }),
    ongoingMilestone: build.query<Milestone | null, string>({
      query: (programId) => ({
        url: `/userMilestone/ongoing/${encodeURIComponent(programId)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: ['Milestone'],
    }),
    programMilestones: build.query<Milestone[], string>({
      query: (programId) => ({
        url: `/userMilestone/program-milestones/${encodeURIComponent(programId)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: ['Milestone'],
    }),
    milestone: build.query<Milestone, string>({
      query: (id) => ({
        url: `/userMilestone/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: ['Milestone'],
    }),
    milestoneOutcome: build.query<MilestoneOutcome, string>({
      query: (id) => ({
        url: `/userMilestone/outcome/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: ['Outcome'],
    }),
    mission: build.query<Mission, string>({
      query: (id) => ({
        url: `/userMission/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: (_result, _error, id) => [{ type: 'Mission', id }],
    }),
    /** The review of the mission's deliverable (null until a file is handed in). */
    deliverableReview: build.query<DeliverableReview | null, string>({
      query: (missionId) => ({
        url: `/userMission/${encodeURIComponent(missionId)}/review`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: (_result, _error, missionId) => [{ type: 'Review', id: missionId }],
    }),
    /** Each person's part of the mission (fields answered, steps completed, versions handed in). */
    missionContributions: build.query<MissionContributions, string>({
      query: (missionId) => ({
        url: `/userMission/${encodeURIComponent(missionId)}/contributions`,
        method: 'GET',
        headerType: 'authorization',
      }),
      // A side section of the page: it offers its own small retry rather than a toast.
      extraOptions: { silent: true },
      providesTags: (_result, _error, missionId) => [{ type: 'Contributions', id: missionId }],
    }),
    replyToReview: build.mutation<ReviewComment, { missionId: string; body: string }>({
      query: ({ missionId, body }) => ({
        url: `/userMission/${encodeURIComponent(missionId)}/review/comments`,
        method: 'POST',
        headerType: 'authorization',
        body: { body },
      }),
      extraOptions: { successToast: true },
      invalidatesTags: (_result, _error, { missionId }) => [{ type: 'Review', id: missionId }],
    }),
    nextStep: build.mutation<NextStepResult, NextStepBody & { missionId: string }>({
      query: ({ stepId, doLater }) => ({
        url: '/userStep/next-step',
        method: 'PUT',
        headerType: 'authorization',
        body: { stepId, doLater },
      }),
      // The step says why in place (a required field, offline): a toast would say it twice.
      extraOptions: { silent: true },
      async onQueryStarted({ missionId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(programsApi.util.upsertQueryData('mission', missionId, data.mission));
        } catch {
          // The failure is shown by the base query; the mission is refetched through its tag.
        }
      },
      invalidatesTags: (result, _error, { missionId }) =>
        result
          ? [
              { type: 'Contributions', id: missionId },
              'Program',
              'Milestone',
              'Outcome',
              // A completed milestone opens the next one: its missions change too.
              ...(result.milestoneCompleted ? (['Mission'] as const) : []),
            ]
          : [{ type: 'Mission', id: missionId }],
    }),
    rateStep: build.mutation<Step, { stepId: string; missionId: string; rating: number }>({
      query: ({ stepId, rating }) => ({
        url: `/userStep/${encodeURIComponent(stepId)}/rating`,
        method: 'PUT',
        headerType: 'authorization',
        body: { rating },
      }),
      extraOptions: { successToast: true },
      onQueryStarted: ({ missionId }, api) => patchStepWhenSaved(missionId, api),
    }),
    saveWorksheet: build.mutation<
      Step,
      { stepId: string; missionId: string; answers: Record<string, string> }
    >({
      query: ({ stepId, answers }) => ({
        url: `/userStep/${encodeURIComponent(stepId)}/worksheet`,
        method: 'PUT',
        headerType: 'authorization',
        body: { answers },
      }),
      // Failures are said next to the worksheet (with the draft kept), not in a toast.
      extraOptions: { successToast: true, silent: true },
      onQueryStarted: ({ missionId }, api) => patchStepWhenSaved(missionId, api),
      // The saved fields are now this person's: only the mission's "who did what" needs asking again.
      invalidatesTags: (result, _error, { missionId }) =>
        result ? [{ type: 'Contributions', id: missionId }] : [],
    }),
    /**
     * One worksheet field, saved from the version it was edited from (decision 063, "One worksheet, several
     * people"): a co-founder's save in between is refused with 409 and both texts, never overwritten.
     */
    saveAnswer: build.mutation<
      Step,
      { stepId: string; missionId: string; key: string; value: string; version: number }
    >({
      query: ({ stepId, key, value, version }) => ({
        url: `/userStep/${encodeURIComponent(stepId)}/answers/${encodeURIComponent(key)}`,
        method: 'PUT',
        headerType: 'authorization',
        body: { value, version },
      }),
      // Failures (a conflict too) are said next to the worksheet, not in a toast.
      extraOptions: { silent: true },
      onQueryStarted: ({ missionId }, api) => patchStepWhenSaved(missionId, api),
      invalidatesTags: (result, _error, { missionId }) =>
        result ? [{ type: 'Contributions', id: missionId }] : [],
    }),
    deleteAttachment: build.mutation<unknown, { missionId: string; attachmentId: string }>({
      query: ({ missionId, attachmentId }) => ({
        url: `/userMission/${encodeURIComponent(missionId)}/attachments/${encodeURIComponent(attachmentId)}`,
        method: 'DELETE',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: (_result, _error, { missionId }) => [
        { type: 'Mission', id: missionId },
        { type: 'Review', id: missionId },
        { type: 'Contributions', id: missionId },
        'Milestone',
        'Program',
        'Outcome',
      ],
    }),
    outcomes: build.query<MilestoneOutcome[], OutcomesFilter>({
      query: ({ programId, milestoneId }) => ({
        url: '/outcomes',
        method: 'GET',
        headerType: 'authorization',
        params: { programId, milestoneId },
      }),
      providesTags: ['Outcome'],
    }),
    /** The founder's live share links: all of them, or those of one deliverable or outcome. */
    shareLinks: build.query<ShareLink[], { kind?: ShareKind; id?: string }>({
      query: ({ kind, id }) => ({
        url: '/shares',
        method: 'GET',
        headerType: 'authorization',
        params: { kind, id },
      }),
      providesTags: ['Share'],
    }),
    createShare: build.mutation<Share, CreateShareBody>({
      query: (body) => ({ url: '/shares', method: 'POST', headerType: 'authorization', body }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Share'],
    }),
    revokeShare: build.mutation<unknown, string>({
      query: (token) => ({
        url: `/shares/${encodeURIComponent(token)}`,
        method: 'DELETE',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['Share'],
    }),
    preview: build.query<Preview, string>({
      query: (token) => ({
        url: `/preview/${encodeURIComponent(token)}`,
        method: 'GET',
        headerType: 'public',
      }),
      // The page shows a not-found state of its own for revoked links.
      extraOptions: { silent: true },
    }),
  }),
});

function patchStep(missionId: string, step: Step) {
  return programsApi.util.updateQueryData('mission', missionId, (draft) => {
    const index = draft.userStep.findIndex((s) => s.id === step.id);
    if (index >= 0) draft.userStep[index] = step;
  });
}

/**
 * A field's text taken from a co-founder's save ("Use theirs"): the cached step holds it as the saved text at its
 * version, so the field no longer reads as an unsaved change.
 */
export function patchSavedAnswer(
  missionId: string,
  stepId: string,
  key: string,
  value: string,
  version: number,
) {
  return programsApi.util.updateQueryData('mission', missionId, (draft) => {
    const worksheet = draft.userStep.find((s) => s.id === stepId)?.worksheet;
    if (!worksheet) return;
    worksheet.answers[key] = value;
    const versions = (worksheet.versions ??= {});
    versions[key] = { updatedBy: null, updatedAt: new Date().toISOString(), ...versions[key], version };
  });
}

/** A step saved (rating, worksheet) replaces its old copy in the cached mission. */
async function patchStepWhenSaved(
  missionId: string,
  { dispatch, queryFulfilled }: { dispatch: AppThunkDispatch; queryFulfilled: Promise<{ data: Step }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(patchStep(missionId, data));
  } catch {
    // The failure is shown by the base query.
  }
}

export const {
  useProgramsQuery,
  useProgramsOutlineQuery,
  useProgramQuery,
  useOngoingMilestoneQuery,
  useProgramMilestonesQuery,
  useMilestoneQuery,
  useMilestoneOutcomeQuery,
  useMissionQuery,
  useDeliverableReviewQuery,
  useMissionContributionsQuery,
  useReplyToReviewMutation,
  useNextStepMutation,
  useRateStepMutation,
  useSaveWorksheetMutation,
  useSaveAnswerMutation,
  useDeleteAttachmentMutation,
  useOutcomesQuery,
  useShareLinksQuery,
  useCreateShareMutation,
  useRevokeShareMutation,
  usePreviewQuery,
} = programsApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const data = error.data as { message?: unknown } | null;
    return typeof data?.message === 'string' && data.message ? data.message : error.message;
  }
  return error instanceof Error ? error.message : GENERIC_ERROR;
}

export type UploadOutcome =
  { ok: true; attachment: Attachment } | { ok: false; message: string; aborted: boolean };

/**
 * Hands in a deliverable (request kind `file`, multipart field `file`) reporting upload progress. A thunk
 * rather than an endpoint: the file and the progress callback do not belong in the store.
 */
export function uploadAttachment(
  missionId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Thunk<UploadOutcome> {
  return async (dispatch, _getState, { http }) => {
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const response = await http.request<{ message?: string; data: Attachment }>({
        url: `/userMission/${encodeURIComponent(missionId)}/attachments`,
        method: 'POST',
        headerType: 'file',
        body,
        signal,
        onUploadProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
      });
      if (response.data.message) dispatch(showSuccess(response.data.message));
      dispatch(
        programsApi.util.invalidateTags([
          { type: 'Mission', id: missionId },
          { type: 'Review', id: missionId },
          { type: 'Contributions', id: missionId },
          'Milestone',
          'Program',
          'Outcome',
        ]),
      );
      return { ok: true, attachment: response.data.data };
    } catch (error) {
      const aborted = error instanceof HttpError && error.kind === 'aborted';
      const message = messageOf(error);
      if (!aborted) dispatch(showError(message));
      return { ok: false, message, aborted };
    }
  };
}

/** Downloads an owner-only file (it needs the bearer token, so a plain link cannot fetch it) and saves it. */
export function downloadFile(url: string, fileName: string): Thunk<boolean> {
  return async (dispatch, _getState, { http }) => {
    try {
      const response = await http.request<Blob>({
        url: apiPath(url),
        method: 'GET',
        headerType: 'authorization',
        responseType: 'blob',
      });
      saveBlob(response.data, fileName);
      return true;
    } catch (error) {
      dispatch(showError(messageOf(error)));
      return false;
    }
  };
}

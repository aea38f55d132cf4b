import type {
  MoveReviewBody,
  ReviewComment,
  ReviewQueueItem,
  ReviewQueueQuery,
  StudioDeliverable,
} from '@liftoff/contracts/programs-review';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import type { ApiExtra } from '../../../lib/api';
import { apiPath } from '../lib/urls';

const studioBase = api.enhanceEndpoints({ addTagTypes: ['StudioDeliverable'] });

/**
 * The studio's deliverable review (programs room, studio surface). Moving a status or commenting refreshes
 * the deliverable and the queue.
 */
export const reviewStudioApi = studioBase.injectEndpoints({
  endpoints: (build) => ({
    reviewQueue: build.query<ReviewQueueItem[], ReviewQueueQuery>({
      query: (params) => ({
        url: '/studio/deliverables',
        method: 'GET',
        headerType: 'authorization',
        params,
      }),
      providesTags: [{ type: 'StudioDeliverable', id: 'LIST' }],
    }),
    studioDeliverable: build.query<StudioDeliverable, string>({
      query: (id) => ({
        url: `/studio/deliverables/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      providesTags: (_result, _error, id) => [{ type: 'StudioDeliverable', id }],
    }),
    moveReview: build.mutation<StudioDeliverable, MoveReviewBody & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/studio/deliverables/${encodeURIComponent(id)}/status`,
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { successToast: true },
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reviewStudioApi.util.upsertQueryData('studioDeliverable', id, data));
        } catch {
          // The base query shows the failure.
        }
      },
      invalidatesTags: [{ type: 'StudioDeliverable', id: 'LIST' }],
    }),
    commentOnReview: build.mutation<ReviewComment, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `/studio/deliverables/${encodeURIComponent(id)}/comments`,
        method: 'POST',
        headerType: 'authorization',
        body: { body },
      }),
      extraOptions: { successToast: true },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'StudioDeliverable', id }],
    }),
  }),
});

export const {
  useReviewQueueQuery,
  useStudioDeliverableQuery,
  useMoveReviewMutation,
  useCommentOnReviewMutation,
} = reviewStudioApi;

/** A version's bytes through the authorized client (a plain link would carry no token). */
export function fetchVersion(url: string): ThunkAction<Promise<Blob>, unknown, ApiExtra, UnknownAction> {
  return async (_dispatch, _getState, { http }) => {
    const response = await http.request<Blob>({
      url: apiPath(url),
      method: 'GET',
      headerType: 'authorization',
      responseType: 'blob',
    });
    return response.data;
  };
}

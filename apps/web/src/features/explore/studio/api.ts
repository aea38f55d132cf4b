import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type {
  ExploreSourceInfo,
  PostPreview,
  PublishPostBody,
  StudioPost,
  StudioPostBody,
  StudioPostStatus,
  StudioPostSummary,
  UploadedImage,
} from '@liftoff/contracts/explore-studio';
import { api, type ApiExtra } from '../../../lib/api';

const base = api.enhanceEndpoints({ addTagTypes: ['StudioPosts', 'ExplorePost'] });

/** The studio's post editor. Changes also refresh explore's own lists, so the team sees them there at once. */
export const studioPostsApi = base.injectEndpoints({
  endpoints: (build) => ({
    exploreSource: build.query<ExploreSourceInfo, void>({
      query: () => ({ url: '/studio/explore/source', method: 'GET', headerType: 'authorization' }),
      extraOptions: { silent: true },
    }),
    /** Newest first; only one status when given. */
    studioPosts: build.query<StudioPostSummary[], StudioPostStatus | undefined>({
      query: (status) => ({
        url: status ? `/studio/posts?status=${status}` : '/studio/posts',
        method: 'GET',
        headerType: 'authorization',
      }),
      extraOptions: { silent: true },
      providesTags: ['StudioPosts'],
    }),
    studioPost: build.query<StudioPost, string>({
      query: (id) => ({
        url: `/studio/posts/${encodeURIComponent(id)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      extraOptions: { silent: true },
      providesTags: (_result, _error, id) => [{ type: 'StudioPosts', id }],
    }),
    createPost: build.mutation<StudioPost, StudioPostBody>({
      query: (body) => ({ url: '/studio/posts', method: 'POST', body, headerType: 'authorization' }),
      // A refusal is shown on its fields by the editor, not in a toast.
      extraOptions: { successToast: true, silent: true },
      invalidatesTags: ['StudioPosts', 'Audit'],
    }),
    updatePost: build.mutation<StudioPost, { id: string; body: StudioPostBody }>({
      query: ({ id, body }) => ({
        url: `/studio/posts/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true, silent: true },
      invalidatesTags: ['StudioPosts', 'ExplorePost', 'Audit'],
    }),
    publishPost: build.mutation<StudioPost, { id: string; body: PublishPostBody }>({
      query: ({ id, body }) => ({
        url: `/studio/posts/${encodeURIComponent(id)}/publish`,
        method: 'POST',
        body,
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true, silent: true },
      invalidatesTags: ['StudioPosts', 'ExplorePost', 'Audit'],
    }),
    unpublishPost: build.mutation<StudioPost, string>({
      query: (id) => ({
        url: `/studio/posts/${encodeURIComponent(id)}/unpublish`,
        method: 'POST',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['StudioPosts', 'ExplorePost', 'Audit'],
    }),
    previewPost: build.mutation<PostPreview, string>({
      query: (bodyMarkdown) => ({
        url: '/studio/posts/preview',
        method: 'POST',
        body: { bodyMarkdown },
        headerType: 'authorization',
      }),
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useExploreSourceQuery,
  useStudioPostsQuery,
  useStudioPostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  usePublishPostMutation,
  useUnpublishPostMutation,
  usePreviewPostMutation,
} = studioPostsApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/** Uploads a hero image (multipart field `file`); a thunk, since a File does not belong in the store. */
export function uploadHeroImage(file: File): Thunk<UploadedImage> {
  return async (_dispatch, _getState, { http }) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const response = await http.request<{ data: UploadedImage }>({
      url: '/studio/posts/images',
      method: 'POST',
      headerType: 'file',
      body,
    });
    return response.data.data;
  };
}

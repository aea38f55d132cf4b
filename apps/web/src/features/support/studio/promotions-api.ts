import type { StudioExpertAnswer } from '@liftoff/contracts/support';
import { api } from '../../../lib/api';

const base = api.enhanceEndpoints({ addTagTypes: ['ExpertAnswers'] });

export const promotionsApi = base.injectEndpoints({
  endpoints: (build) => ({
    expertAnswers: build.query<StudioExpertAnswer[], void>({
      query: () => ({ url: '/studio/expert-answers', method: 'GET', headerType: 'authorization' }),
      extraOptions: { silent: true },
      providesTags: ['ExpertAnswers'],
    }),
    setPromotion: build.mutation<StudioExpertAnswer, { id: string; promoted: boolean }>({
      query: ({ id, promoted }) => ({
        url: `/studio/expert-answers/${encodeURIComponent(id)}/promotion`,
        method: promoted ? 'PUT' : 'DELETE',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['ExpertAnswers', 'Audit'],
    }),
  }),
});

export const { useExpertAnswersQuery, useSetPromotionMutation } = promotionsApi;

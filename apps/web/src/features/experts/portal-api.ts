import type {
  ExpertInvitation,
  InboxQuery,
  InviteExpertBody,
  QuestionThread,
} from '@liftoff/contracts/experts';
import { api } from '../../lib/api';

const auth = 'authorization';
const id = (value: string) => encodeURIComponent(value);
const base = api.enhanceEndpoints({ addTagTypes: ['QuestionThreads'] });

/**
 * Question threads: the expert portal's inbox (questions addressed to the signed-in expert) and the
 * founder's "My questions". Both sides write Markdown; a message or a close refreshes the lists.
 */
export const portalApi = base.injectEndpoints({
  endpoints: (build) => ({
    inbox: build.query<QuestionThread[], InboxQuery>({
      query: (params) => ({ url: '/expert-portal/questions', method: 'GET', headerType: auth, params }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'QuestionThreads', id: 'EXPERT' }],
    }),
    expertThread: build.query<QuestionThread, string>({
      query: (questionId) => ({
        url: `/expert-portal/questions/${id(questionId)}`,
        method: 'GET',
        headerType: auth,
      }),
      extraOptions: { silent: true },
      providesTags: (_r, _e, questionId) => [{ type: 'QuestionThreads', id: questionId }],
    }),
    expertReply: build.mutation<QuestionThread, { questionId: string; body: string }>({
      query: ({ questionId, body }) => ({
        url: `/expert-portal/questions/${id(questionId)}/messages`,
        method: 'POST',
        headerType: auth,
        body: { body },
      }),
      invalidatesTags: (_r, _e, { questionId }) => [
        { type: 'QuestionThreads', id: questionId },
        { type: 'QuestionThreads', id: 'EXPERT' },
      ],
    }),
    expertClose: build.mutation<QuestionThread, string>({
      query: (questionId) => ({
        url: `/expert-portal/questions/${id(questionId)}/close`,
        method: 'POST',
        headerType: auth,
      }),
      invalidatesTags: (_r, _e, questionId) => [
        { type: 'QuestionThreads', id: questionId },
        { type: 'QuestionThreads', id: 'EXPERT' },
      ],
    }),
    myThreads: build.query<QuestionThread[], void>({
      query: () => ({ url: '/expert/questions/threads', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'QuestionThreads', id: 'MINE' }],
    }),
    founderReply: build.mutation<QuestionThread, { questionId: string; body: string }>({
      query: ({ questionId, body }) => ({
        url: `/expert/questions/${id(questionId)}/messages`,
        method: 'POST',
        headerType: auth,
        body: { body },
      }),
      invalidatesTags: [{ type: 'QuestionThreads', id: 'MINE' }],
    }),
    founderClose: build.mutation<QuestionThread, string>({
      query: (questionId) => ({
        url: `/expert/questions/${id(questionId)}/close`,
        method: 'POST',
        headerType: auth,
      }),
      invalidatesTags: [{ type: 'QuestionThreads', id: 'MINE' }],
    }),
    inviteExpert: build.mutation<ExpertInvitation, InviteExpertBody>({
      query: (body) => ({ url: '/studio/experts/invite', method: 'POST', headerType: auth, body }),
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useInboxQuery,
  useExpertThreadQuery,
  useExpertReplyMutation,
  useExpertCloseMutation,
  useMyThreadsQuery,
  useFounderReplyMutation,
  useFounderCloseMutation,
  useInviteExpertMutation,
} = portalApi;

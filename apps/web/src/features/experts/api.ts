import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type {
  AskQuestionBody,
  Availability,
  AvailabilityDays,
  AvailabilityDaysQuery,
  AvailabilityQuery,
  BookingUrl,
  Expert,
  ExpertQuestion,
  MeetingRequest,
  NextFreeSlot,
  RequestMeetingBody,
} from '@liftoff/contracts/experts';
import { api } from '../../lib/api';
import type { ApiExtra } from '../../lib/api';
import { apiPath } from './lib/urls';

const auth = 'authorization';
const expertsBase = api.enhanceEndpoints({
  addTagTypes: ['Experts', 'ExpertMeetings', 'ExpertQuestions', 'ExpertAvailability'],
});

const id = (value: string) => encodeURIComponent(value);

/**
 * Experts (api-contract.md "Experts"): profiles, free slots, meeting requests and questions. Lists show
 * their failures inline (silent); the two sends toast the spec's success messages.
 */
export const expertsApi = expertsBase.injectEndpoints({
  endpoints: (build) => ({
    experts: build.query<Expert[], void>({
      query: () => ({ url: '/expert', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'Experts', id: 'LIST' }],
      keepUnusedDataFor: 600,
    }),
    availability: build.query<Availability, { expertId: string } & AvailabilityQuery>({
      query: ({ expertId, ...params }) => ({
        url: `/expert/availability-schedules/${id(expertId)}`,
        method: 'GET',
        headerType: auth,
        params,
      }),
      extraOptions: { silent: true },
      providesTags: (_result, _error, args) => [{ type: 'ExpertAvailability', id: args.expertId }],
      keepUnusedDataFor: 30,
    }),
    nextFreeSlots: build.query<NextFreeSlot[], void>({
      query: () => ({ url: '/expert/next-free-slots', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'ExpertAvailability', id: 'NEXT' }],
      keepUnusedDataFor: 60,
    }),
    availabilityDays: build.query<AvailabilityDays, { expertId: string } & AvailabilityDaysQuery>({
      query: ({ expertId, ...params }) => ({
        url: `/expert/availability-days/${id(expertId)}`,
        method: 'GET',
        headerType: auth,
        params,
      }),
      extraOptions: { silent: true },
      providesTags: (_result, _error, args) => [{ type: 'ExpertAvailability', id: args.expertId }],
      keepUnusedDataFor: 30,
    }),
    requestMeeting: build.mutation<MeetingRequest, RequestMeetingBody>({
      query: (body) => ({ url: '/expert/request-meeting', method: 'POST', headerType: auth, body }),
      extraOptions: { successToast: true },
      invalidatesTags: (_result, _error, body) => [
        { type: 'ExpertMeetings', id: 'LIST' },
        { type: 'ExpertAvailability', id: body.expertId },
        { type: 'ExpertAvailability', id: 'NEXT' },
      ],
    }),
    meetings: build.query<MeetingRequest[], void>({
      query: () => ({ url: '/expert/meetings', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'ExpertMeetings', id: 'LIST' }],
    }),
    cancelMeeting: build.mutation<MeetingRequest, string>({
      query: (meetingId) => ({
        url: `/expert/meetings/${id(meetingId)}/cancel`,
        method: 'POST',
        headerType: auth,
      }),
      extraOptions: { successToast: true },
      invalidatesTags: [{ type: 'ExpertMeetings', id: 'LIST' }, 'ExpertAvailability'],
    }),
    askQuestion: build.mutation<ExpertQuestion, AskQuestionBody>({
      query: (body) => ({ url: '/expert/ask-question', method: 'POST', headerType: auth, body }),
      extraOptions: { successToast: true },
      invalidatesTags: [{ type: 'ExpertQuestions', id: 'LIST' }],
    }),
    questions: build.query<ExpertQuestion[], void>({
      query: () => ({ url: '/expert/questions', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'ExpertQuestions', id: 'LIST' }],
    }),
    bookingUrl: build.query<BookingUrl, string>({
      query: (expertId) => ({ url: `/expert/set-more-url/${id(expertId)}`, method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useExpertsQuery,
  useAvailabilityQuery,
  useNextFreeSlotsQuery,
  useAvailabilityDaysQuery,
  useRequestMeetingMutation,
  useMeetingsQuery,
  useCancelMeetingMutation,
  useAskQuestionMutation,
  useQuestionsQuery,
  useBookingUrlQuery,
} = expertsApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/** The meeting's calendar invite (an authorized download, so it goes through the HTTP client). */
export function fetchInvite(inviteUrl: string): Thunk<Blob> {
  return async (_dispatch, _getState, { http }) => {
    const response = await http.request<Blob>({
      url: apiPath(inviteUrl),
      method: 'GET',
      headerType: auth,
      responseType: 'blob',
    });
    return response.data;
  };
}

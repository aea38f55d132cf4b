import type {
  AnswerMeetingBody,
  CalendarFeed,
  PortalMeeting,
  PortalMeetingFilter,
  ProposeMeetingBody,
} from '@liftoff/contracts/expert-meetings';
import type { Availability, MeetingRequest } from '@liftoff/contracts/experts';
import { api } from '../../lib/api';

const auth = 'authorization';
const id = (value: string) => encodeURIComponent(value);
const base = api.enhanceEndpoints({ addTagTypes: ['PortalMeetings', 'CalendarFeed', 'ExpertMeetings'] });
// Any change of a meeting moves it between the portal's lists and changes the founder's list.
const changed = [{ type: 'PortalMeetings' as const, id: 'LIST' }];

/**
 * Meetings in the expert portal (answer, propose another slot, cancel, notes), the expert's calendar feed,
 * and the founder's answer to a proposed time.
 */
export const meetingsApi = base.injectEndpoints({
  endpoints: (build) => ({
    portalMeetings: build.query<PortalMeeting[], PortalMeetingFilter>({
      query: (status) => ({
        url: '/expert-portal/meetings',
        method: 'GET',
        headerType: auth,
        params: { status },
      }),
      extraOptions: { silent: true },
      providesTags: changed,
    }),
    answerMeeting: build.mutation<PortalMeeting, { meetingId: string } & AnswerMeetingBody>({
      query: ({ meetingId, ...body }) => ({
        url: `/expert-portal/meetings/${id(meetingId)}/answer`,
        method: 'POST',
        headerType: auth,
        body,
      }),
      invalidatesTags: changed,
      extraOptions: { successToast: true },
    }),
    meetingSlots: build.query<Availability, { meetingId: string; date: string }>({
      query: ({ meetingId, date }) => ({
        url: `/expert-portal/meetings/${id(meetingId)}/slots`,
        method: 'GET',
        headerType: auth,
        params: { date },
      }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    proposeMeeting: build.mutation<PortalMeeting, { meetingId: string } & ProposeMeetingBody>({
      query: ({ meetingId, ...body }) => ({
        url: `/expert-portal/meetings/${id(meetingId)}/propose`,
        method: 'POST',
        headerType: auth,
        body,
      }),
      invalidatesTags: changed,
      extraOptions: { successToast: true },
    }),
    expertCancelMeeting: build.mutation<PortalMeeting, { meetingId: string; message?: string }>({
      query: ({ meetingId, ...body }) => ({
        url: `/expert-portal/meetings/${id(meetingId)}/cancel`,
        method: 'POST',
        headerType: auth,
        body,
      }),
      invalidatesTags: changed,
      extraOptions: { successToast: true },
    }),
    meetingNotes: build.mutation<PortalMeeting, { meetingId: string; notes: string }>({
      query: ({ meetingId, notes }) => ({
        url: `/expert-portal/meetings/${id(meetingId)}/notes`,
        method: 'PUT',
        headerType: auth,
        body: { notes },
      }),
      invalidatesTags: changed,
      extraOptions: { successToast: true },
    }),
    calendarFeed: build.query<CalendarFeed, void>({
      query: () => ({ url: '/expert-portal/calendar-feed', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['CalendarFeed'],
    }),
    regenerateFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: '/expert-portal/calendar-feed', method: 'POST', headerType: auth }),
      extraOptions: { successToast: true },
    }),
    revokeFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: '/expert-portal/calendar-feed', method: 'DELETE', headerType: auth }),
      invalidatesTags: ['CalendarFeed'],
      extraOptions: { successToast: true },
    }),
    answerProposal: build.mutation<MeetingRequest, { meetingId: string; answer: 'accept' | 'decline' }>({
      query: ({ meetingId, answer }) => ({
        url: `/expert/meetings/${id(meetingId)}/proposal`,
        method: 'POST',
        headerType: auth,
        body: { answer },
      }),
      invalidatesTags: [{ type: 'ExpertMeetings', id: 'LIST' }],
      extraOptions: { successToast: true },
    }),
  }),
});

export const {
  usePortalMeetingsQuery,
  useAnswerMeetingMutation,
  useMeetingSlotsQuery,
  useProposeMeetingMutation,
  useExpertCancelMeetingMutation,
  useMeetingNotesMutation,
  useCalendarFeedQuery,
  useRegenerateFeedMutation,
  useRevokeFeedMutation,
  useAnswerProposalMutation,
} = meetingsApi;

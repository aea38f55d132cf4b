import type {
  ContactUsSetting,
  Feedback,
  FeedbackBody,
  MySupportMessage,
  PopularQuestion,
  TutorialSetting,
} from '@liftoff/contracts/support';
import { api } from '../../lib/api';

const auth = 'authorization';
const supportBase = api.enhanceEndpoints({ addTagTypes: ['PopularQuestions', 'Settings', 'MyMessages'] });

/**
 * Support (api-contract.md "Support"): popular questions, the CONTACT_US and TUTORIAL settings, and the
 * support modal's message. Reads show their failures inline; sending toasts the server's thank-you.
 */
export const supportApi = supportBase.injectEndpoints({
  endpoints: (build) => ({
    /** With `question` (a coach source link's key), that question comes first, from any milestone. */
    popularQuestions: build.query<PopularQuestion[], { question?: string } | void>({
      query: (arg) => ({
        url: '/popularQuestion/user-popular-questions',
        method: 'GET',
        headerType: auth,
        params: arg?.question ? { question: arg.question } : undefined,
      }),
      extraOptions: { silent: true },
      providesTags: ['PopularQuestions'],
    }),
    contactUsSetting: build.query<ContactUsSetting, void>({
      query: () => ({ url: '/setting/type/CONTACT_US', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'Settings', id: 'CONTACT_US' }],
      keepUnusedDataFor: 600,
    }),
    tutorialSetting: build.query<TutorialSetting, void>({
      query: () => ({ url: '/setting/type/TUTORIAL', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: [{ type: 'Settings', id: 'TUTORIAL' }],
      keepUnusedDataFor: 600,
    }),
    sendFeedback: build.mutation<Feedback, FeedbackBody>({
      query: (body) => ({ url: '/feedback', method: 'POST', headerType: auth, body }),
      extraOptions: { successToast: true },
      invalidatesTags: ['MyMessages'],
    }),
    myMessages: build.query<MySupportMessage[], void>({
      query: () => ({ url: '/feedback/mine', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      // A reply arrives as a notification; the list follows the notification centre's refreshes.
      providesTags: ['MyMessages', 'Notifications'],
    }),
  }),
});

export const {
  usePopularQuestionsQuery,
  useContactUsSettingQuery,
  useTutorialSettingQuery,
  useSendFeedbackMutation,
  useMyMessagesQuery,
} = supportApi;

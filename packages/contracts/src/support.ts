import { z } from 'zod';

export const supportMessages = {
  popularQuestions: 'Popular Questions Fetched Successfully.',
  settings: 'Settings Fetched Successfully.',
  feedback: 'Thank you! Your message has been sent to our team.',
} as const;

export const supportErrors = {
  unknownSetting: 'There is no such setting.',
  feedbackLimited:
    'You have sent several messages in a short time. Please wait a few minutes before sending another.',
} as const;

/** A question founders ask often, with its answer (Markdown). */
export const popularQuestion = z.object({
  id: z.string(),
  key: z.string(),
  /** The content pack's milestone key it belongs to. */
  milestoneKey: z.string(),
  question: z.string(),
  /** Markdown (GFM; render without raw HTML). */
  answer: z.string(),
  askCount: z.number().int(),
});
export type PopularQuestion = z.infer<typeof popularQuestion>;

export const popularQuestionsQuery = z.object({
  /** A question's key to put first (the coach links to one); unknown keys leave the list as it is. */
  question: z.string().trim().min(1).max(200).optional(),
});

export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a 24-hour time 'HH:mm'");
const kebabOrAppPath = z.string().min(1);

/** settings/contact-us.yaml; also the wire shape of `GET /setting/type/CONTACT_US`. */
export const contactUsSetting = z
  .object({
    type: z.literal('CONTACT_US'),
    title: z.string().min(1),
    description: z.string().min(1),
    email: z.email(),
    hours: z
      .object({
        timezone: z.string().min(1),
        weekly: z
          .array(z.object({ days: z.array(z.enum(weekdays)).min(1), start: hhmm, end: hhmm }).strict())
          .min(1),
        note: z.string().optional(),
      })
      .strict(),
    responseTime: z.object({ hours: z.number().int().min(0), promise: z.string().min(1) }).strict(),
    channels: z
      .array(
        z
          .object({
            label: z.string().min(1),
            value: z.string().min(1),
            /** mailto:, tel:, https: or an app path starting with '/'. */
            url: kebabOrAppPath.regex(
              /^(mailto:|tel:|https:\/\/|\/)/,
              'must be mailto:, tel:, https: or an app path',
            ),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
export type ContactUsSetting = z.infer<typeof contactUsSetting>;

export const tutorialItem = z
  .object({
    order: z.number().int(),
    title: z.string().min(1),
    description: z.string().min(1),
    media: z.object({ kind: z.enum(['image', 'video']), url: z.string().min(1) }).strict(),
  })
  .strict();
export type TutorialItem = z.infer<typeof tutorialItem>;

/** settings/tutorial.yaml; also the wire shape of `GET /setting/type/TUTORIAL` (items sorted by order). */
export const tutorialSetting = z
  .object({
    type: z.literal('TUTORIAL'),
    title: z.string().min(1),
    items: z.array(tutorialItem).min(1),
  })
  .strict();
export type TutorialSetting = z.infer<typeof tutorialSetting>;

export const settingTypes = ['CONTACT_US', 'TUTORIAL'] as const;
export type SettingType = (typeof settingTypes)[number];

export const setting = z.discriminatedUnion('type', [contactUsSetting, tutorialSetting]);
export type Setting = z.infer<typeof setting>;

export const settingTypeParams = z.object({ type: z.string().max(64) });

export const feedbackKinds = ['CONTACT_US', 'TUTORIAL'] as const;

/** `POST /feedback` from the support modal. */
export const feedbackBody = z
  .object({
    kind: z.enum(feedbackKinds),
    subject: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(5000),
    /** The app path the modal was opened on. */
    page: z.string().trim().max(500).optional(),
  })
  .strict();
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedback = z.object({
  id: z.string(),
  kind: z.enum(feedbackKinds),
  subject: z.string(),
  message: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

/** Where a support message stands in the studio's inbox. */
export const supportStatuses = ['new', 'answered', 'closed'] as const;
export const supportStatus = z.enum(supportStatuses);
export type SupportStatus = z.infer<typeof supportStatus>;

export const supportReply = z.object({
  id: z.string(),
  message: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportReply = z.infer<typeof supportReply>;

/** A support message as the program team reads it in the studio. */
export const supportTicket = feedback.extend({
  email: z.string(),
  status: supportStatus,
  replies: z.array(supportReply),
});
export type SupportTicket = z.infer<typeof supportTicket>;

export const supportInboxQuery = z
  .object({
    status: supportStatus.optional(),
    kind: z.enum(feedbackKinds).optional(),
    /** Words in the subject, the message or the sender's address. */
    q: z.string().trim().min(1).max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type SupportInboxQuery = z.infer<typeof supportInboxQuery>;

export const supportInboxPage = z.object({
  tickets: z.array(supportTicket),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SupportInboxPage = z.infer<typeof supportInboxPage>;

export const supportTicketParams = z.object({ id: z.uuid() });
export const supportStatusBody = z.object({ status: supportStatus }).strict();
export const supportReplyBody = z.object({ message: z.string().trim().min(1).max(5000) }).strict();
export type SupportReplyBody = z.infer<typeof supportReplyBody>;

// ─── Studio: expert answers promoted to a milestone's popular questions ────────────────────────
//   GET    /api/studio/expert-answers                 → StudioExpertAnswer[] (answered questions)
//   PUT    /api/studio/expert-answers/{id}/promotion  → StudioExpertAnswer (shown in the milestone's popular questions)
//   DELETE /api/studio/expert-answers/{id}/promotion  → StudioExpertAnswer (removed again)

export const studioExpertAnswer = z.object({
  questionId: z.uuid(),
  subject: z.string(),
  question: z.string(),
  /** The expert's latest answer. */
  answer: z.string(),
  expertName: z.string(),
  askedAt: z.iso.datetime({ offset: true }),
  /** The milestone it was asked from; null when asked outside a mission (it cannot be promoted then). */
  milestoneKey: z.string().nullable(),
  milestoneName: z.string().nullable(),
  promoted: z.boolean(),
});
export type StudioExpertAnswer = z.infer<typeof studioExpertAnswer>;
export const expertAnswerParams = z.object({ id: z.uuid() });
export const promotionMessages = {
  list: 'Answered questions fetched successfully.',
  promoted: 'Added to the popular questions.',
  removed: 'Removed from the popular questions.',
  notFound: 'Answered question not found',
  noMilestone: 'This question was asked outside a milestone, so it has no popular questions to join.',
} as const;

// ─── The founder's own support messages with the team's replies: GET /api/feedback/mine ────────

export const myReply = z.object({ id: z.string(), message: z.string(), createdAt: z.string() });
export const mySupportMessage = z.object({
  id: z.string(),
  kind: z.enum(feedbackKinds),
  subject: z.string(),
  message: z.string(),
  status: supportStatus,
  createdAt: z.string(),
  /** The team's answers, oldest first (who answered stays inside the team). */
  replies: z.array(myReply),
});
export type MySupportMessage = z.infer<typeof mySupportMessage>;
export const myMessagesMessage = 'Your messages fetched successfully.';

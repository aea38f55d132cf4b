import { z } from 'zod';
import { milestoneDates } from './cohorts-pacing.js';
import { expert } from './experts.js';

/** api-contract.md "Programs". Indexes are 1-based, in the order of the content pack. */
export const progressStatuses = ['ONGOING', 'LOCKED', 'COMPLETED', 'INCOMPLETED'] as const;
export const progressStatus = z.enum(progressStatuses);
export type ProgressStatus = z.infer<typeof progressStatus>;

export { currentProgram } from './current-program.js';

export const itemTypes = ['TOOL', 'CONTENT'] as const;
export const itemType = z.enum(itemTypes);
export type ItemType = z.infer<typeof itemType>;

export const programsMessages = {
  programs: 'Programs Fetched Successfully.',
  program: 'Program Fetched Successfully.',
  ongoingMilestone: 'Ongoing Milestone Fetched Successfully.',
  milestone: 'Milestone Fetched Successfully.',
  programMilestones: 'Program Milestones Fetched Successfully.',
  ongoingMission: 'Ongoing Mission Fetched Successfully.',
  mission: 'Mission Fetched Successfully.',
  saved: 'Your changes have been successfully saved.',
  outcome: 'Milestone Outcome Fetched Successfully.',
  outcomes: 'Outcomes Fetched Successfully.',
  uploaded: 'File uploaded successfully.',
  deleted: 'File deleted successfully.',
  shareCreated: 'Share link created successfully.',
  shareRevoked: 'Share link revoked successfully.',
  shares: 'Share links retrieved successfully.',
  preview: 'Preview Fetched Successfully.',
} as const;

export const LOCKED_MILESTONE_MESSAGE = 'This milestone is locked. Finish the previous milestone first.';

/** A handed-in deliverable file. `downloadUrl` is the owner's (authorized) download path. */
export const attachment = z.object({
  id: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});
export type Attachment = z.infer<typeof attachment>;

export const worksheetFieldKinds = ['text', 'textarea', 'number'] as const;
export const worksheetField = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(worksheetFieldKinds),
  help: z.string(),
  /** Must be filled before the step can be marked done; absent means optional. */
  required: z.boolean().optional(),
});
export type WorksheetField = z.infer<typeof worksheetField>;

/** A TOOL step's worksheet: the fields of the template and what this founder has saved so far. */
/**
 * Each saved field's version (1 for the first save), who saved it last and when: a field's save names the
 * version it was made from, and a save from an older one is refused (409) with both texts.
 */
export const answerVersion = z.object({
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AnswerVersion = z.infer<typeof answerVersion>;

export const worksheet = z.object({
  fields: z.array(worksheetField),
  answers: z.record(z.string(), z.string()),
  updatedAt: z.string().nullable(),
  /**
   * By field key; a field never saved has none (its version is 0). Always sent by the API; optional for
   * clients built before fields were versioned.
   */
  versions: z.record(z.string(), answerVersion).optional(),
});
export type Worksheet = z.infer<typeof worksheet>;

/**
 * A step of the caller. `status`: LOCKED until the step before it is done or put off, then ONGOING, then
 * COMPLETED. `doLater` is true while the step is put off for later (its status stays ONGOING).
 */
export const step = z.object({
  id: z.string(),
  index: z.number().int(),
  key: z.string(),
  title: z.string(),
  type: itemType,
  /** The Markdown source. */
  body: z.string(),
  /**
   * `body` as the step's page shows it: rendered and sanitized by the server, to be inserted as it comes.
   * A leading level-1 heading (the step's title, which the page shows) is left out and the other headings
   * are one level down.
   */
  bodyHtml: z.string(),
  estimatedMinutes: z.number().int(),
  /** A downloadable template (`/api/content/templates/<file>`), or null. */
  toolUrl: z.string().nullable(),
  worksheet: worksheet.nullable(),
  status: progressStatus,
  doLater: z.boolean(),
  rating: z.number().int().min(1).max(5).nullable(),
  completedAt: z.string().nullable(),
});
export type Step = z.infer<typeof step>;

export const deliverableSpec = z.object({
  title: z.string(),
  description: z.string(),
  acceptedHint: z.string(),
});
export type DeliverableSpec = z.infer<typeof deliverableSpec>;

/** The parent milestone of a mission, without its missions (no cycles). */
export const milestoneSummary = z.object({
  id: z.string(),
  index: z.number().int(),
  name: z.string(),
  status: progressStatus,
  iconUrl: z.string(),
  overviewSubtitle: z.string(),
  userProgramId: z.string(),
  completedAt: z.string().nullable(),
  ...milestoneDates,
});
export type MilestoneSummary = z.infer<typeof milestoneSummary>;

export const mission = z.object({
  id: z.string(),
  index: z.number().int(),
  key: z.string(),
  name: z.string(),
  summary: z.string(),
  estimatedMinutes: z.number().int(),
  status: progressStatus,
  completedAt: z.string().nullable(),
  /** What the founder hands in to complete the mission, or null when it needs no file. */
  deliverable: deliverableSpec.nullable(),
  attachments: z.array(attachment),
  userStep: z.array(step),
  userMilestoneId: z.string(),
  userMilestone: milestoneSummary,
});
export type Mission = z.infer<typeof mission>;

export const outcomeText = z.object({ title: z.string(), description: z.string() });

/** The minimal expert of a milestone: the Expert shape of the experts contract. */
export const milestoneExpert = expert;

export const milestone = z.object({
  id: z.string(),
  index: z.number().int(),
  key: z.string(),
  name: z.string(),
  status: progressStatus,
  iconUrl: z.string(),
  secondaryIconUrl: z.string(),
  description: z.string(),
  overviewSubtitle: z.string(),
  outcome: outcomeText,
  userMission: z.array(mission.omit({ userMilestone: true })),
  userProgramId: z.string(),
  completedAt: z.string().nullable(),
  /** The template milestone this one was enrolled from (stable per program version). */
  originalMilestoneId: z.string(),
  expert: milestoneExpert.nullable(),
  ...milestoneDates,
});
export type Milestone = z.infer<typeof milestone>;

export const program = z.object({
  id: z.string(),
  index: z.number().int(),
  key: z.string(),
  version: z.number().int(),
  name: z.string(),
  summary: z.string(),
  status: progressStatus,
  iconUrl: z.string(),
  secondaryIconUrl: z.string(),
  enrolledAt: z.string(),
  endsAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  userMilestone: z.array(milestone),
});
export type Program = z.infer<typeof program>;

/**
 * A program as its overview reads it: every field but the steps' bodies (`body` and `bodyHtml`), about
 * two thirds of the whole and read only on a step's own page (the worksheets stay: the to-do lists the
 * empty ones). A Program is a ProgramOutline too.
 */
const stepOutline = step.omit({ body: true, bodyHtml: true });
const missionOutline = mission.omit({ userMilestone: true }).extend({ userStep: z.array(stepOutline) });
const milestoneOutline = milestone.extend({ userMission: z.array(missionOutline) });
export const programOutline = program.extend({ userMilestone: z.array(milestoneOutline) });
export type ProgramOutline = z.infer<typeof programOutline>;
export type MilestoneOutline = ProgramOutline['userMilestone'][number];
export type MissionOutline = MilestoneOutline['userMission'][number];
export type StepOutline = MissionOutline['userStep'][number];

export const idParams = z.object({ id: z.string() });
export const programIdParams = z.object({ programId: z.string() });
export const attachmentParams = z.object({ id: z.string(), attachmentId: z.string() });

export const nextStepBody = z.object({ stepId: z.string().min(1), doLater: z.boolean() }).strict();
export type NextStepBody = z.infer<typeof nextStepBody>;

/** What `PUT /userStep/next-step` changed besides the step itself. */
export const nextStepResult = z.object({
  mission,
  /** The next step of the mission to show (after this one, neither done nor put off), or null. */
  nextStepId: z.string().nullable(),
  missionCompleted: z.boolean(),
  milestoneCompleted: z.boolean(),
  unlockedMilestoneId: z.string().nullable(),
});
export type NextStepResult = z.infer<typeof nextStepResult>;

export const ratingBody = z.object({ rating: z.number().int().min(1).max(5) }).strict();
export const worksheetBody = z.object({ answers: z.record(z.string(), z.string().max(10_000)) }).strict();

/** One field's save: its text and the version it was edited from (0 when it had never been saved). */
export const answerBody = z
  .object({ value: z.string().max(10_000), version: z.number().int().min(0) })
  .strict();
export type AnswerBody = z.infer<typeof answerBody>;
export const answerParams = z.object({
  id: z.string().min(1),
  key: z.string().min(1).max(80),
});

/**
 * A step of this milestone that a newer version of the program no longer has, as the founder left it when
 * they moved to that version (docs/decisions/042-publishing-a-program-version.md): its title, state and
 * answers with the labels they answered.
 */
export const retiredStep = z.object({
  missionKey: z.string(),
  stepKey: z.string(),
  title: z.string(),
  status: progressStatus,
  doLater: z.boolean(),
  rating: z.number().int().nullable(),
  answers: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  completedAt: z.string().nullable(),
  /** The program version the step was last part of. */
  fromVersion: z.number().int(),
  retiredAt: z.string(),
});
export type RetiredStep = z.infer<typeof retiredStep>;

/** What a milestone achieved: its outcome text, every mission's deliverable and its retired steps. */
export const milestoneOutcome = z.object({
  milestone: milestoneSummary.extend({ programName: z.string() }),
  outcome: outcomeText,
  completedAt: z.string().nullable(),
  missions: z.array(
    z.object({
      id: z.string(),
      index: z.number().int(),
      name: z.string(),
      status: progressStatus,
      completedAt: z.string().nullable(),
      deliverable: deliverableSpec.nullable(),
      attachments: z.array(attachment),
    }),
  ),
  retiredSteps: z.array(retiredStep),
});
export type MilestoneOutcome = z.infer<typeof milestoneOutcome>;

export const outcomesQuery = z
  .object({ programId: z.string().optional(), milestoneId: z.string().optional() })
  .strict();
/** The outcomes repository: every opened milestone's outcome with its deliverables, in program order. */
export const outcomesResult = z.array(milestoneOutcome);

export const shareKinds = ['attachment', 'outcome'] as const;
/** How long a new link stays open, in days; null keeps it open until it is revoked. */
export const shareExpiryDays = [7, 30, 90] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 30;
/**
 * `id` is an attachment id (kind attachment) or a milestone id (kind outcome). The founder decides how long
 * the link lives and whether the page names them and their startup (both named unless they say otherwise).
 */
export const createShareBody = z
  .object({
    kind: z.enum(shareKinds),
    id: z.string().min(1),
    expiresInDays: z
      .literal(shareExpiryDays, { message: 'Choose 7, 30 or 90 days, or null for a link that never expires' })
      .nullable()
      .default(DEFAULT_SHARE_EXPIRY_DAYS),
    showFounderName: z.boolean().default(true),
    showStartupName: z.boolean().default(true),
  })
  .strict();
export type CreateShareBody = z.input<typeof createShareBody>;
export const share = z.object({
  token: z.string(),
  url: z.string(),
  kind: z.enum(shareKinds),
  createdAt: z.string(),
  /** null: the link never expires. */
  expiresAt: z.string().nullable(),
  showFounderName: z.boolean(),
  showStartupName: z.boolean(),
});
export type Share = z.infer<typeof share>;
export const tokenParams = z.object({ token: z.string() });
export const sharedFileParams = z.object({ token: z.string(), attachmentId: z.string() });
/** `inline=1` asks to show a PDF or an image in the page rather than save it; other files always download. */
export const sharedFileQuery = z.object({ inline: z.literal('1').optional() }).strict();
/** The types a shared page shows in place: PDFs and raster images (never SVG, which can carry scripts). */
export const inlinePreviewTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** GET /api/shares: the caller's live links, optionally for one deliverable or milestone outcome. */
export const sharesQuery = z
  .object({ kind: z.enum(shareKinds).optional(), id: z.uuid().optional() })
  .strict();
export const shareLink = share.extend({
  /** The deliverable's or the milestone's id. */
  id: z.string(),
  /** The file name or the milestone's name. */
  title: z.string(),
  /** How many times the public page was opened (the owner's own list never counts). */
  opens: z.number().int(),
  lastOpenedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;

/** Who shared the page, each name only if the founder chose to show it. */
export const sharedBy = z.object({ founderName: z.string().nullable(), startupName: z.string().nullable() });
export type SharedBy = z.infer<typeof sharedBy>;
const previewContext = z.object({
  programName: z.string(),
  milestoneName: z.string(),
  sharedBy,
  /** When the link stops opening; null for never. */
  expiresAt: z.string().nullable(),
});

/** The public preview: only the shared item, no ids of the owner's other data. */
export const preview = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('attachment'),
    attachment: z.object({
      fileName: z.string(),
      mimeType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
      downloadUrl: z.string(),
    }),
    missionName: z.string(),
    ...previewContext.shape,
  }),
  z.object({
    kind: z.literal('outcome'),
    outcome: outcomeText,
    completedAt: z.string().nullable(),
    iconUrl: z.string(),
    missions: z.array(
      z.object({
        name: z.string(),
        deliverableTitle: z.string().nullable(),
        /** The mission's worksheet answers in step order: only the fields the founder filled. */
        answers: z.array(z.object({ label: z.string(), answer: z.string() })),
        attachments: z.array(
          z.object({
            fileName: z.string(),
            mimeType: z.string(),
            size: z.number().int(),
            /** Public, and only through this link: it stops working when the link does. */
            downloadUrl: z.string(),
          }),
        ),
      }),
    ),
    ...previewContext.shape,
  }),
]);
export type Preview = z.infer<typeof preview>;

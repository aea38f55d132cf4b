import { z } from 'zod';
import { stuckReasons, uuidParam } from './cohorts.js';

/** The words a nudge starts from: `{firstName}` and `{nextStep}` become each recipient's own. */
export const DEFAULT_NUDGE_TEMPLATE =
  'Hi {firstName}, your next step in the program is "{nextStep}". A few minutes on it today keeps you with your cohort.';

/**
 * Whom to nudge — some founders of the cohort, or every founder the dashboard flags for a reason — and in
 * what words. Each recipient's mail links to their own next step.
 */
export const nudgeBody = z
  .object({
    founderIds: z.array(uuidParam).min(1).max(500).optional(),
    reason: z.enum(stuckReasons).optional(),
    subject: z.string().trim().min(1).max(150).default('Your next step in the program'),
    template: z.string().trim().min(1).max(2000).default(DEFAULT_NUDGE_TEMPLATE),
  })
  .strict()
  .refine((value) => Boolean(value.founderIds) !== Boolean(value.reason), {
    message: 'Give either founderIds or a reason',
    path: ['founderIds'],
  });
export type NudgeBody = z.infer<typeof nudgeBody>;

export const nudgeMessage = z.object({
  founderId: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The recipient's own next step (a path in the app). */
  link: z.string(),
});
export type NudgeMessage = z.infer<typeof nudgeMessage>;

export const nudgePreview = z.object({ messages: z.array(nudgeMessage) });
export const nudgesSent = z.object({ sent: z.number().int(), messages: z.array(nudgeMessage) });

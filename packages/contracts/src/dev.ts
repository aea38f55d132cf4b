import { z } from 'zod';

/** A mail kept by the development outbox (api-contract.md "Running it"). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  /** What was attached (a meeting's invite.ics, say); `url` serves the bytes. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() }),
  ),
});
export type OutboxMail = z.infer<typeof outboxMail>;

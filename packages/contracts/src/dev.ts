import { z } from 'zod';

/** A mail kept by the development outbox (api-contract.md "Running it"). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

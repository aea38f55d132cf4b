import { z } from 'zod';
import { email, PASSWORD_MAX } from './auth.js';

/** The account itself: its address changed, its data taken away, or the account deleted. */

const currentPassword = z.string().min(1, { message: 'Enter your password' }).max(PASSWORD_MAX);

/** A new address, confirmed with the password; nothing changes until the link mailed to it is opened. */
export const changeEmailBody = z.object({ newEmail: email, password: currentPassword }).strict();
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
export const changeEmailResult = z.object({
  /** Where the link went; the account keeps its address until it is opened. */
  pendingEmail: z.string(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type ChangeEmailResult = z.infer<typeof changeEmailResult>;

/** The link's token travels in a POST body, never in a logged URL. */
export const confirmEmailChangeBody = z.object({ token: z.string().min(16).max(200) }).strict();
export const confirmEmailChangeResult = z.object({ email: z.string() });
export type ConfirmEmailChangeResult = z.infer<typeof confirmEmailChangeResult>;

/**
 * Deleting the account: the password, and when two-step verification is on a second factor too (a code from
 * the authenticator app or an e-mailed code, six digits, or one of the backup codes).
 */
export const deleteAccountBody = z
  .object({
    password: currentPassword,
    code: z.string().trim().min(6, { message: 'Enter a code or a backup code' }).max(64).optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const accountDataMessages = {
  emailChangeRequested: 'A confirmation link was sent to the new address.',
  emailChanged: 'The e-mail address was changed.',
  accountDeleted: 'The account was deleted.',
} as const;

/** What the export's JSON holds at its top level (the files' bytes are base64 in `files[].content`). */
export const ACCOUNT_EXPORT_VERSION = 1;

import { z } from 'zod';
import { session } from './auth.js';

/** The identity providers Liftoff can be configured to sign people in with. */
export const oidcProviderIds = ['google', 'microsoft', 'sso'] as const;
export const oidcProviderId = z.enum(oidcProviderIds);
export type OidcProviderId = z.infer<typeof oidcProviderId>;

/** A provider the sign-in page offers: a button that opens `startPath`. */
export const oidcProvider = z.object({ id: oidcProviderId, name: z.string(), startPath: z.string() });
export type OidcProvider = z.infer<typeof oidcProvider>;

export const oidcProviderParams = z.object({ provider: oidcProviderId });

/** What the provider sent back to the callback; any other parameter is ignored. */
export const oidcCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2048).optional(),
  session_state: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
});

/** The one-time hand-off the callback gives the web app (in the address's fragment), exchanged for a session. */
export const oidcHandoffBody = z.object({ handoff: z.string().min(16).max(200) }).strict();

/**
 * The hand-off's outcome: a session, or an account with the provider's verified address that the person must
 * first prove is theirs (with its password) before the provider may sign them in to it.
 */
export const oidcCompletion = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), session }),
  z.object({
    kind: z.literal('confirm-link'),
    email: z.string(),
    provider: z.object({ id: oidcProviderId, name: z.string() }),
  }),
]);
export type OidcCompletion = z.infer<typeof oidcCompletion>;

export const oidcLinkBody = z
  .object({ handoff: z.string().min(16).max(200), password: z.string().min(1).max(200) })
  .strict();

/** Why a sign-in with a provider did not go through, as the web app's sign-in page reads it. */
export const oidcErrorReasons = [
  'provider_unavailable',
  'attempt_invalid',
  'provider_refused',
  'verification_failed',
  'email_unverified',
  'invitation_required',
] as const;
export type OidcErrorReason = (typeof oidcErrorReasons)[number];

export const oidcMessages = {
  providers: 'Sign-In Providers Fetched Successfully.',
  completed: 'Signed In With Your Provider.',
  confirmLink: 'Confirm With Your Password To Link This Sign-In To Your Account.',
  linked: 'Provider Linked And Signed In.',
} as const;

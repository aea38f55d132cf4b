import { buttonClass } from '../../../components/ui/button';
import { Stack } from '../../../components/ui/stack';
import { Text } from '../../../components/ui/text';
import type { OidcErrorReason } from '@liftoff/contracts/auth-oidc';
import { useOidcProvidersQuery } from '../oidc-api';

/** What the sign-in page says when a provider's sign-in came back refused (`?provider_error=`). */
const providerErrors: Record<OidcErrorReason, string> = {
  provider_unavailable: 'That sign-in provider is not available. Sign in with your e-mail instead.',
  attempt_invalid: 'That sign-in took too long or was started elsewhere. Please try again.',
  provider_refused: 'The provider did not sign you in. Please try again.',
  verification_failed: 'We could not verify the answer from your provider. Please try again.',
  email_unverified: 'Your provider did not confirm your e-mail address, so we cannot use it to sign you in.',
  invitation_required:
    'Liftoff is open by invitation only. Ask your program team to invite your e-mail address.',
};

/** One "Continue with …" button per configured provider, and why the last provider sign-in failed. */
export function ProviderButtons({ error }: { error: string | null }) {
  const { data: providers = [] } = useOidcProvidersQuery();
  const message = error
    ? (providerErrors[error as OidcErrorReason] ?? providerErrors.provider_refused)
    : null;
  if (!providers.length && !message) return null;
  return (
    <Stack gap={1.5}>
      {message ? (
        <Text role="alert" tone="error">
          {message}
        </Text>
      ) : null}
      {providers.map((provider) => (
        // A plain link, not the router's: the API sends the browser on to the provider.
        <a
          key={provider.id}
          href={provider.startPath}
          className={buttonClass({ variant: 'outline', size: 'large', fullWidth: true })}
        >
          Continue with {provider.name}
        </a>
      ))}
    </Stack>
  );
}

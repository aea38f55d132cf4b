import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
    <Stack spacing={1.5}>
      {message ? (
        <Alert severity="error" variant="outlined" role="alert">
          {message}
        </Alert>
      ) : null}
      {providers.map((provider) => (
        // A plain link: the API sends the browser on to the provider.
        <Button key={provider.id} component="a" href={provider.startPath} variant="outlined" size="large">
          Continue with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}

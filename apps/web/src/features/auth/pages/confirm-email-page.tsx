import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage, errorStatus } from '../../../lib/api';
import { useSelector } from 'react-redux';
import { useConfirmEmailChangeMutation } from '../account-api';
import { useLazyMeQuery } from '../api';
import { selectAuth } from '../slice';
import { AuthHeading } from '../components/auth-heading';

/**
 * Opened from the link mailed to a new address. The change waits for a press of the button, not the page
 * load: mail scanners that open links must not confirm an address on the founder's behalf.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [confirmChange, { data, error, isLoading, isError, reset }] = useConfirmEmailChangeMutation();
  const signedIn = Boolean(useSelector(selectAuth).token);
  const [readMe] = useLazyMeQuery();
  // A signed-in tab shows the new address at once; a signed-out one signs in with it.
  const confirm = async (body: { token: string }) => {
    const result = await confirmChange(body);
    if ('data' in result && signedIn) void readMe();
  };

  if (data)
    return (
      <>
        <AuthHeading title="Your e-mail address is changed">
          Your Liftoff account now uses this address.
        </AuthHeading>
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          From now on you sign in with <strong>{data.email}</strong>.{' '}
          <Link component={RouterLink} to={paths.profile}>
            Go to your profile
          </Link>
        </Alert>
      </>
    );
  // A refused link (used, replaced, expired, or the address taken meanwhile) says why; anything else can be tried again.
  const refused = isError && [400, 409].includes(errorStatus(error));
  if (!token || refused)
    return (
      <>
        <AuthHeading title="This link no longer works">Your address has not changed.</AuthHeading>
        <Alert severity="warning">
          {token ? errorMessage(error) : 'This link is incomplete. Open it from the e-mail again.'}{' '}
          <Link component={RouterLink} to={paths.profile}>
            Ask for a new link from your profile
          </Link>
        </Alert>
      </>
    );
  if (isError)
    return (
      <RetryAlert
        title="Your new address could not be confirmed"
        message={errorMessage(error, 'Check your connection and try again.')}
        retryLabel="Try again"
        onRetry={() => {
          reset();
          void confirm({ token });
        }}
      />
    );
  return (
    <>
      <AuthHeading title="Confirm your new e-mail address">
        Press the button to use the address this link was sent to for your Liftoff account.
      </AuthHeading>
      <Stack sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" loading={isLoading} onClick={() => void confirm({ token })}>
          Use this address
        </Button>
      </Stack>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { OidcCompletion } from '@liftoff/contracts/auth-oidc';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';
import { useCompleteOidcMutation, useLinkOidcMutation } from '../oidc-api';

type ConfirmLink = Extract<OidcCompletion, { kind: 'confirm-link' }>;

/**
 * Where an OpenID provider's sign-in comes back to: exchanges the one-time hand-off in the address's fragment for
 * a session, or, when an account with the provider's address already exists, asks for that account's password
 * before linking them. The route guard then takes the person on (two-factor, onboarding or their home).
 */
export function ProviderReturnPage() {
  const navigate = useNavigate();
  // Read once and wiped from the address, so it is neither kept in history nor sent twice.
  const [handoff] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('handoff'));
  const [complete] = useCompleteOidcMutation();
  const [link, linking] = useLinkOidcMutation();
  const [confirm, setConfirm] = useState<ConfirmLink | null>(null);
  const [failure, setFailure] = useState<string | null>(
    handoff ? null : 'This sign-in link is not complete.',
  );
  const password = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!handoff || started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void complete({ handoff }).then((result) => {
      if ('error' in result) return setFailure(errorMessage(result.error, 'Sign-in failed'));
      if (result.data.kind === 'confirm-link') return setConfirm(result.data);
      void navigate(paths.overview, { replace: true });
    });
  }, [handoff, complete, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!handoff) return;
    const result = await link({ handoff, password: password.current?.value ?? '' });
    if ('error' in result) return setFailure(errorMessage(result.error, 'Sign-in failed'));
    void navigate(paths.overview, { replace: true });
  };

  if (confirm)
    return (
      <>
        <AuthHeading title="Confirm it is your account">
          An account for {confirm.email} already exists. Enter its password once to sign in with{' '}
          {confirm.provider.name} from now on.
        </AuthHeading>
        <Box component="form" onSubmit={(event) => void submit(event)}>
          <Stack spacing={2.5}>
            {failure ? (
              <Alert severity="error" variant="outlined" role="alert">
                {failure}
              </Alert>
            ) : null}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              autoFocus
              required
              name="password"
              ref={password}
            />
            <Button type="submit" variant="contained" size="large" loading={linking.isLoading}>
              Link and sign in
            </Button>
          </Stack>
        </Box>
      </>
    );

  return (
    <>
      <AuthHeading title="Signing you in">One moment while we finish signing you in.</AuthHeading>
      {failure ? (
        <Stack spacing={2}>
          <Alert severity="error" variant="outlined" role="alert">
            {failure}
          </Alert>
          <Link component={RouterLink} to={paths.signIn}>
            Back to sign-in
          </Link>
        </Stack>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Signing you in" />
        </Box>
      )}
    </>
  );
}

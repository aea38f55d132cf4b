import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Stack } from '../../../components/ui/stack';
import { Text } from '../../../components/ui/text';
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
        <form onSubmit={(event) => void submit(event)}>
          <Stack gap={3}>
            {failure ? (
              <Text role="alert" tone="error">
                {failure}
              </Text>
            ) : null}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              autoFocus
              required
              name="password"
              ref={password}
            />
            <Button type="submit" variant="primary" size="large" fullWidth loading={linking.isLoading}>
              Link and sign in
            </Button>
          </Stack>
        </form>
      </>
    );

  return (
    <>
      <AuthHeading title="Signing you in">One moment while we finish signing you in.</AuthHeading>
      {failure ? (
        <Stack gap={2}>
          <Text role="alert" tone="error">
            {failure}
          </Text>
          <Text>
            <Link to={paths.signIn}>Back to sign-in</Link>
          </Text>
        </Stack>
      ) : (
        <Stack align="center" role="status" aria-label="Signing you in">
          <Spinner />
        </Stack>
      )}
    </>
  );
}

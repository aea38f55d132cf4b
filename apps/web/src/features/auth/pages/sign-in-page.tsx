import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { clearSessionEnded, sessionHasEnded } from '../../../lib/session-ended';
import { useLoginMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';
import type { SignInCheck, SignInField, SignInValues } from './sign-in-validation';

const loadValidation = () => import('./sign-in-validation');

/** Fetches the form's rules ahead of the submit, so pressing Sign in does not wait for them. */
const prefetchValidation = () => void loadValidation().catch(() => undefined);

/**
 * The contract's rules (./sign-in-validation), fetched when first needed. Should they not load (offline), the
 * form goes through unchecked: the server checks it too, and the failure shows as it would without this step.
 * (No form library either: two fields do not need one on the first screen.)
 */
async function check(values: SignInValues): Promise<SignInCheck> {
  try {
    return (await loadValidation()).checkSignIn(values);
  } catch {
    return { data: values, errors: {} };
  }
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading, error }] = useLoginMutation();
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [errors, setErrors] = useState<SignInCheck['errors']>({});
  // Messages appear when the form is sent; from then on, each change checks its field again.
  const sent = useRef(false);
  const values = (): SignInValues => ({
    email: fields.email.current?.value ?? '',
    password: fields.password.current?.value ?? '',
  });
  const recheck = (field: SignInField) => () => {
    if (!sent.current) return;
    void check(values()).then((result) =>
      setErrors((shown) => ({ ...shown, [field]: result.errors[field] })),
    );
  };

  // Read when the screen opens: the note is about how the founder got here.
  const [sessionEnded] = useState(sessionHasEnded);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = true;
    const result = await check(values());
    setErrors(result.errors);
    if (!result.data) {
      // As a form library would: the first field with a message takes the focus.
      fields[result.errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    const signedIn = await login(result.data);
    if ('data' in signedIn) {
      clearSessionEnded();
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== paths.signIn ? from : paths.overview, { replace: true });
    }
  };

  return (
    <>
      <AuthHeading title="Welcome back">Sign in to pick up where you left off.</AuthHeading>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onInput={prefetchValidation}
        aria-label="Sign in"
      >
        <Stack spacing={2.5}>
          {error ? (
            // Shown here only (the call is silent): a message appears once, next to the form it is about.
            <Alert severity="error" variant="outlined" role="alert">
              {errorMessage(error, 'Login failed')}
            </Alert>
          ) : sessionEnded ? (
            <Alert severity="info" variant="outlined" role="status">
              Your session has ended.
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            required
            name="email"
            ref={fields.email}
            onChange={recheck('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <Box>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              required
              name="password"
              ref={fields.password}
              onChange={recheck('password')}
              error={Boolean(errors.password)}
              helperText={errors.password}
            />
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
                Forgot your password?
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Sign in
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            New to Liftoff?{' '}
            <Link component={RouterLink} to={paths.signUp}>
              Create an account
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}

import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useSessionActions } from '../../../lib/session-actions';
import { useLoginMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';
import { ProviderButtons } from '../components/provider-buttons';
import { signInTarget, signInText, useSignInForm } from '../sign-in-form';

/**
 * Sign-in inside the running app (after a sign-out, or sent here by the route guard). A first visit gets the
 * light screen instead (./light-sign-in-page.tsx); both share ../sign-in-form.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [login] = useLoginMutation();
  const { saveSession } = useSessionActions();
  const { fields, errors, busy, failure, sessionEnded, recheck, formProps } = useSignInForm({
    sendLogin: async (values) => {
      const signedIn = await login(values);
      if (!('data' in signedIn)) return errorMessage(signedIn.error, signInText.failed);
      // Saved before the page moves on: a reload right after signing in stays signed in.
      await saveSession();
      return null;
    },
    target: signInTarget(location.state),
    onSignedIn: (target) => void navigate(target, { replace: true }),
  });

  return (
    <>
      <AuthHeading title={signInText.title}>{signInText.intro}</AuthHeading>
      <Box component="form" {...formProps}>
        <Stack spacing={2.5}>
          {failure ? (
            // Shown here only (the call is silent): a message appears once, next to the form it is about.
            <Alert severity="error" variant="outlined" role="alert">
              {failure}
            </Alert>
          ) : sessionEnded ? (
            <Alert severity="info" variant="outlined" role="status">
              {signInText.sessionEnded}
            </Alert>
          ) : null}
          <TextField
            label={signInText.email}
            type="email"
            autoComplete="email"
            autoFocus
            required
            name="email"
            ref={fields.email}
            onChange={recheck('email')}
            error={errors.email}
          />
          <Box>
            <PasswordField
              label={signInText.password}
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
                {signInText.forgotPassword}
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={busy}>
            {signInText.submit}
          </Button>
          <ProviderButtons error={new URLSearchParams(location.search).get('provider_error')} />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {signInText.newHere}{' '}
            <Link component={RouterLink} to={paths.signUp}>
              {signInText.signUp}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}

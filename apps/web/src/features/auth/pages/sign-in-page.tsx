import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { email } from '@liftoff/contracts/auth';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { clearSessionEnded, sessionHasEnded } from '../../../lib/session-ended';
import { useLoginMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';

const schema = z.object({
  email,
  password: z.string().min(1, { message: 'Enter your password' }),
});
type Values = z.input<typeof schema>;

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading, error }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });

  // Read when the screen opens: the note is about how the founder got here.
  const [sessionEnded] = useState(sessionHasEnded);

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    if ('data' in result) {
      clearSessionEnded();
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== paths.signIn ? from : paths.overview, { replace: true });
    }
  });

  return (
    <>
      <AuthHeading title="Welcome back">Sign in to pick up where you left off.</AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
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
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register('email')}
          />
          <Box>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              required
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...register('password')}
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

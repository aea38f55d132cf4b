import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { password } from '@liftoff/contracts/auth';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useCheckResetLinkQuery, useResetPasswordMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';
import { applyServerFieldErrors } from '../components/form-errors';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';

const schema = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });
type Values = z.input<typeof schema>;

/** The reset link is checked on opening, so a used or expired one says so before a password is typed twice. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useCheckResetLinkQuery({ token }, { skip: !token });
  if (check.isLoading)
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }} role="status" aria-label="Checking your reset link">
        <CircularProgress />
      </Stack>
    );
  // A link the server cannot even read (a cut-off or mistyped token answers 400) is a link that no longer
  // works; only a failure to reach the server offers a retry.
  const unreadable = check.isError && 'status' in check.error && check.error.status === 400;
  if (check.isError && !unreadable)
    return (
      <RetryAlert
        title="Your reset link could not be checked"
        message={errorMessage(check.error, 'Check your connection and try again.')}
        retryLabel="Try again"
        onRetry={() => void check.refetch()}
      />
    );
  if (!token || unreadable || check.data?.usable === false) return <LinkNotUsable />;
  return <NewPasswordForm token={token} />;
}

function LinkNotUsable() {
  return (
    <>
      <AuthHeading title="This link no longer works">
        It was already used, a newer link replaced it, or it has expired.
      </AuthHeading>
      <Alert severity="warning">
        This link was already used or has expired — ask for a new one.{' '}
        <Link component={RouterLink} to={paths.forgotPassword}>
          Get a new reset link
        </Link>
      </Alert>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await resetPassword({ token, password: values.password });
    if ('data' in result) void navigate(paths.signIn, { replace: true });
    else applyServerFieldErrors(result.error, ['password'] as const, setError);
  });

  return (
    <>
      <AuthHeading title="Choose a new password">
        You will sign in with it from now on, on every device.
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        <Stack spacing={2.5}>
          <Box>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              autoFocus
              required
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...register('password')}
            />
            <PasswordStrength password={watch('password')} />
          </Box>
          <PasswordField
            label="Repeat the new password"
            autoComplete="new-password"
            required
            error={Boolean(errors.confirm)}
            helperText={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Save new password
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Link expired?{' '}
            <Link component={RouterLink} to={paths.forgotPassword}>
              Request a new one
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sixDigitCode } from '@liftoff/contracts/auth';
import { useResendEmailVerificationMutation, useVerifyEmailMutation } from '../api';
import { selectAuth } from '../slice';
import { visuallyHidden } from '../../../components/product-mark';
import { AuthHeading } from '../components/auth-heading';
import { CodeField } from '../components/code-field';
import { applyServerFieldErrors } from '../components/form-errors';
import { SessionFooter } from '../components/session-footer';
import { useCooldown } from '../components/use-cooldown';

const RESEND_COOLDOWN_SECONDS = 60;
const schema = z.object({ code: sixDigitCode });
type Values = z.input<typeof schema>;

export function VerifyEmailPage() {
  const { user, isSignupFlow } = useSelector(selectAuth);
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendEmailVerificationMutation();
  // Right after sign-up the code has just been sent, so the cooldown starts at once.
  const [cooldown, startCooldown] = useCooldown(RESEND_COOLDOWN_SECONDS, isSignupFlow);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });

  // On success the guard moves on (onboarding, or the app) as the user is now verified.
  const onSubmit = handleSubmit(async (values) => {
    const result = await verifyEmail(values);
    if ('error' in result) applyServerFieldErrors(result.error, ['code'] as const, setError);
  });

  const onResend = async () => {
    const result = await resend();
    if ('data' in result) startCooldown();
  };

  return (
    <>
      <AuthHeading title="Check your e-mail">
        We sent a 6-digit code to <strong>{user?.email ?? 'your e-mail address'}</strong>. It works for 15
        minutes.
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Verify your e-mail">
        <Stack spacing={2.5}>
          <CodeField
            label="Verification code"
            autoFocus
            required
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Verify e-mail
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No code yet?
            </Typography>
            <Button
              variant="text"
              onClick={() => void onResend()}
              disabled={cooldown > 0 || resending}
              loading={resending}
            >
              {cooldown > 0 ? `Send a new code in ${cooldown} s` : 'Send a new code'}
            </Button>
            <Box component="span" aria-live="polite" sx={visuallyHidden}>
              {cooldown === 0 ? 'You can request a new code now.' : ''}
            </Box>
          </Box>
        </Stack>
      </Box>
      <SessionFooter email={user?.email} />
    </>
  );
}

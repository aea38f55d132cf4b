import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sixDigitCode } from '@liftoff/contracts/auth';
import { errorMessage } from '../../../lib/api';
import {
  useGenerateTwoFactorEmailCodeMutation,
  useResendTwoFactorCodeMutation,
  useVerifyBackupCodeMutation,
  useVerifyTwoFactorEmailCodeMutation,
  useVerifyTwoFactorMutation,
} from '../api';
import { selectAuth } from '../slice';
import { visuallyHidden } from '../../../components/product-mark';
import { AuthHeading } from '../components/auth-heading';
import { CodeField } from '../components/code-field';
import { SessionFooter } from '../components/session-footer';
import { useCooldown } from '../components/use-cooldown';

const RESEND_COOLDOWN_SECONDS = 60;
const codeSchema = z.object({ code: sixDigitCode });
const backupSchema = z.object({
  code: z.string().trim().min(6, { message: 'Enter one of your backup codes' }).max(64),
});
type Values = { code: string };

/**
 * How the second factor is given: the account's own method (`primary`: the authenticator app, or the code
 * e-mailed at sign-in), a code e-mailed on request (`emailed`), or a backup code.
 */
type Mode = 'primary' | 'emailed' | 'backup';

/** Second sign-in step for two-factor users (spec section 4: success ends the requirement and logs in). */
export function TwoFactorPage() {
  const { user } = useSelector(selectAuth);
  const isEmailMethod = user?.twoFactorMethod === 'EMAIL';
  const [mode, setMode] = useState<Mode>('primary');
  const [verify, { isLoading: verifying }] = useVerifyTwoFactorMutation();
  const [verifyEmailCode, { isLoading: verifyingEmailCode }] = useVerifyTwoFactorEmailCodeMutation();
  const [verifyBackup, { isLoading: verifyingBackup }] = useVerifyBackupCodeMutation();
  const [resend, { isLoading: resending }] = useResendTwoFactorCodeMutation();
  const [generate, { isLoading: generating }] = useGenerateTwoFactorEmailCodeMutation();
  // For the e-mail method a code was just sent at sign-in, so the cooldown starts at once.
  const [cooldown, startCooldown] = useCooldown(RESEND_COOLDOWN_SECONDS, isEmailMethod);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(mode === 'backup' ? backupSchema : codeSchema),
    defaultValues: { code: '' },
  });

  const switchTo = (next: Mode) => {
    setMode(next);
    reset({ code: '' });
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    // On success the new token carries twoFactorAuthenticated and the guard lets the user in.
    const result =
      mode === 'backup'
        ? await verifyBackup({ code })
        : mode === 'emailed'
          ? await verifyEmailCode({ code })
          : await verify({ code });
    if ('error' in result) {
      const message = errorMessage(result.error, 'Two-factor verification failed');
      // The server's words ("That code is not right. 4 tries left.", "This code has expired. …").
      setError('code', { type: 'server', message });
    }
  });

  const emailMeACode = async () => {
    const result = await generate();
    if ('data' in result) {
      setMode('emailed');
      reset({ code: '' });
      startCooldown();
    }
  };

  const sendAgain = async () => {
    const result = mode === 'emailed' ? await generate() : await resend();
    if ('data' in result) startCooldown();
  };

  const usingEmail = mode === 'emailed' || (mode === 'primary' && isEmailMethod);
  const intro =
    mode === 'backup'
      ? 'Enter one of the backup codes you saved when you turned on two-step verification. Each code works once.'
      : usingEmail
        ? `We e-mailed a 6-digit code to ${user?.email ?? 'you'}. It works for 10 minutes. Enter it to finish signing in.`
        : 'Open your authenticator app and enter the 6-digit code it shows for Liftoff.';

  return (
    <>
      <AuthHeading title="Two-step verification">{intro}</AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Two-step verification">
        <Stack spacing={2.5}>
          {mode === 'backup' ? (
            <TextField
              key="backup"
              label="Backup code"
              autoComplete="one-time-code"
              autoFocus
              required
              error={Boolean(errors.code)}
              helperText={errors.code?.message ?? 'For example: 7kq2m-x9fht'}
              {...register('code')}
            />
          ) : (
            <CodeField
              key={mode}
              label={usingEmail ? 'Code from the e-mail' : 'Code from your app'}
              autoFocus
              required
              error={Boolean(errors.code)}
              helperText={errors.code?.message}
              {...register('code')}
            />
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={verifying || verifyingBackup || verifyingEmailCode}
          >
            Verify and continue
          </Button>
          {usingEmail ? (
            <Box sx={{ textAlign: 'center' }}>
              <Button
                variant="text"
                disabled={cooldown > 0 || resending || generating}
                onClick={() => void sendAgain()}
              >
                {cooldown > 0 ? `Send a new code in ${cooldown} s` : 'Send a new code'}
              </Button>
              <Box component="span" aria-live="polite" sx={visuallyHidden}>
                {cooldown === 0 ? 'You can request a new code now.' : ''}
              </Box>
            </Box>
          ) : null}
          <Divider>or</Divider>
          <Stack spacing={1}>
            {mode !== 'primary' ? (
              <Button variant="outlined" onClick={() => switchTo('primary')}>
                {isEmailMethod ? 'Use the code from the sign-in e-mail' : 'Use my authenticator app'}
              </Button>
            ) : null}
            {!isEmailMethod && mode !== 'emailed' ? (
              <Button variant="outlined" onClick={() => void emailMeACode()} loading={generating}>
                E-mail me a code
              </Button>
            ) : null}
            {mode !== 'backup' ? (
              <Button variant="outlined" onClick={() => switchTo('backup')}>
                Use a backup code
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Box>
      <SessionFooter email={user?.email} />
    </>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sixDigitCode } from '@liftoff/contracts/auth';
import {
  useResendTwoFactorCodeMutation,
  useVerifyBackupCodeMutation,
  useVerifyTwoFactorMutation,
} from '../api';
import { selectAuth } from '../slice';
import { AuthHeading } from '../components/auth-heading';
import { CodeField } from '../components/code-field';
import { SessionFooter } from '../components/session-footer';
import { useCooldown } from '../components/use-cooldown';

const codeSchema = z.object({ code: sixDigitCode });
const backupSchema = z.object({
  code: z.string().trim().min(6, { message: 'Enter one of your backup codes' }).max(64),
});
type Values = { code: string };

/** Second sign-in step for two-factor users (a later issue adds setup and the e-mail code route). */
export function TwoFactorPage() {
  const { user } = useSelector(selectAuth);
  const [useBackup, setUseBackup] = useState(false);
  const [verify, { isLoading: verifying }] = useVerifyTwoFactorMutation();
  const [verifyBackup, { isLoading: verifyingBackup }] = useVerifyBackupCodeMutation();
  const [resend, { isLoading: resending }] = useResendTwoFactorCodeMutation();
  const [cooldown, startCooldown] = useCooldown(60, user?.twoFactorMethod === 'EMAIL');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(useBackup ? backupSchema : codeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    // On success the new token carries twoFactorAuthenticated and the guard lets the user in.
    if (useBackup) await verifyBackup({ code });
    else await verify({ code });
  });

  const isEmail = user?.twoFactorMethod === 'EMAIL';
  return (
    <>
      <AuthHeading title="Two-step verification">
        {useBackup
          ? 'Enter one of the backup codes you saved when you turned on two-step verification.'
          : isEmail
            ? 'We e-mailed you a 6-digit code. Enter it to finish signing in.'
            : 'Open your authenticator app and enter the 6-digit code for Liftoff.'}
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Two-step verification">
        <Stack spacing={2.5}>
          {useBackup ? (
            <TextField
              label="Backup code"
              autoComplete="one-time-code"
              autoFocus
              required
              error={Boolean(errors.code)}
              helperText={errors.code?.message}
              {...register('code')}
            />
          ) : (
            <CodeField
              label="Verification code"
              autoFocus
              required
              error={Boolean(errors.code)}
              helperText={errors.code?.message}
              {...register('code')}
            />
          )}
          <Button type="submit" variant="contained" size="large" loading={verifying || verifyingBackup}>
            Verify and continue
          </Button>
          {isEmail && !useBackup ? (
            <Button
              variant="text"
              disabled={cooldown > 0 || resending}
              onClick={() => void resend().then((result) => ('data' in result ? startCooldown() : undefined))}
            >
              {cooldown > 0 ? `Send a new code in ${cooldown} s` : 'Send a new code'}
            </Button>
          ) : null}
          <Button
            variant="text"
            onClick={() => {
              setUseBackup((current) => !current);
              reset({ code: '' });
            }}
          >
            {useBackup ? 'Use a verification code instead' : 'Use a backup code'}
          </Button>
        </Stack>
      </Box>
      <SessionFooter email={user?.email} />
    </>
  );
}

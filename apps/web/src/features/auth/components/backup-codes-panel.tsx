import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TwoFactorMethod } from '@liftoff/contracts/auth';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import {
  useBackupCodesStatusQuery,
  useGenerateTwoFactorEmailCodeMutation,
  useRegenerateBackupCodesMutation,
} from '../api';
import { BackupCodes } from './backup-codes';
import { CodeField, useCodeForm } from './code-field';

/** Asks for a fresh second-factor code, then makes a new set of backup codes. */
function RegenerateDialog({
  method,
  onClose,
  onCodes,
}: {
  method: TwoFactorMethod;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const [regenerate, { isLoading }] = useRegenerateBackupCodesMutation();
  const [mailCode, { isLoading: mailing, isSuccess: mailed }] = useGenerateTwoFactorEmailCodeMutation();
  const form = useCodeForm();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const result = await regenerate({ code });
    if ('error' in result)
      form.setError('code', {
        type: 'server',
        message: errorMessage(result.error, 'That code did not work'),
      });
    else onCodes(result.data.backupCodes);
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="regenerate-codes-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="regenerate-codes-title">Make new backup codes?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your current backup codes stop working. To confirm it is you, enter{' '}
            {method === 'EMAIL' ? 'a code we e-mail you' : 'the code your authenticator app shows'}.
          </DialogContentText>
          {method === 'EMAIL' ? (
            <Button sx={{ mb: 2 }} variant="outlined" loading={mailing} onClick={() => void mailCode()}>
              {mailed ? 'E-mail another code' : 'E-mail me a code'}
            </Button>
          ) : null}
          <CodeField
            label="6-digit code"
            fullWidth
            required
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            {...form.register('code')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Make new codes
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** How many backup codes are left, and a new set when they run low or may have been seen. */
export function BackupCodesPanel({ method, email }: { method: TwoFactorMethod; email: string }) {
  const { data, error, isLoading, isFetching, refetch } = useBackupCodesStatusQuery(undefined, {
    // A code used at sign-in since the last look counts.
    refetchOnMountOrArgChange: true,
  });
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <BackupCodes codes={codes} email={email} onDone={() => setCodes(null)} />;
  if (isLoading)
    return <Skeleton variant="rounded" height={40} role="status" aria-label="Counting your backup codes" />;
  if (error || !data)
    return (
      <RetryAlert
        message={`We could not count your backup codes. ${errorMessage(error)}`}
        onRetry={() => void refetch()}
        retryLabel={isFetching ? 'Trying…' : 'Try again'}
        retryDisabled={isFetching}
      />
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Typography sx={{ flex: 1 }} color={data.remaining <= 2 ? 'error' : undefined}>
        {data.remaining === 0
          ? 'You have no backup codes left: make new ones.'
          : `${data.remaining} of ${data.total} backup codes left.`}
      </Typography>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        Make new backup codes
      </Button>
      {asking ? (
        <RegenerateDialog
          method={method}
          onClose={() => setAsking(false)}
          onCodes={(fresh) => {
            setAsking(false);
            setCodes(fresh);
          }}
        />
      ) : null}
    </Stack>
  );
}

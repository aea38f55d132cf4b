import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import type { SetupTwoFactorResult, TwoFactorMethod } from '@liftoff/contracts/auth';
import { errorMessage } from '../../../lib/api';
import {
  useDisableTwoFactorMutation,
  useResendTwoFactorCodeMutation,
  useSetupTwoFactorMutation,
  useVerifyTwoFactorMutation,
} from '../api';
import { backupCodesDismissed, selectAuth, twoFactorSetupCancelled } from '../slice';
import { BackupCodes } from './backup-codes';
import { BackupCodesPanel } from './backup-codes-panel';
import { CodeField, useCodeForm } from './code-field';
import { useCooldown } from './use-cooldown';
import { copyText } from '../../../lib/clipboard';

const methodNames: Record<TwoFactorMethod, string> = { TOTP: 'authenticator app', EMAIL: 'e-mailed codes' };

/** Confirms a setup in progress with a code; the answer carries the backup codes. */
function ConfirmSetup({
  method,
  setup,
  email,
  onCancel,
}: {
  method: TwoFactorMethod;
  setup: SetupTwoFactorResult;
  email: string;
  onCancel: () => void;
}) {
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [resend, { isLoading: resending }] = useResendTwoFactorCodeMutation();
  const [cooldown, startCooldown] = useCooldown(60, method === 'EMAIL');
  const [copied, setCopied] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useCodeForm();

  const onSubmit = handleSubmit(async ({ code }) => {
    const result = await verify({ code });
    if ('error' in result) setError('code', { type: 'server', message: errorMessage(result.error) });
  });

  return (
    <Stack
      spacing={2.5}
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Confirm two-step verification"
    >
      {method === 'TOTP' ? (
        <>
          <Typography>
            1. Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or
            Authy).
          </Typography>
          {setup.qrCodeUrl ? (
            <Box
              component="img"
              src={setup.qrCodeUrl}
              alt="QR code to add Liftoff to your authenticator app"
              sx={{
                width: 200,
                height: 200,
                bgcolor: '#fff',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
          ) : null}
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Cannot scan? Enter this key in the app instead:
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography
                component="code"
                data-testid="totp-secret"
                aria-label="Setup key"
                sx={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  overflowWrap: 'anywhere',
                }}
              >
                {setup.secret}
              </Typography>
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copyText(setup.secret ?? '').then(setCopied)}
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            </Stack>
          </Box>
          <Typography>2. Enter the 6-digit code the app shows.</Typography>
        </>
      ) : (
        <Typography>
          We e-mailed a 6-digit code to <strong>{email}</strong>. Enter it to turn on e-mailed codes. It works
          for 10 minutes.
        </Typography>
      )}
      <CodeField
        label="Verification code"
        required
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
        {...register('code')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button type="submit" variant="contained" loading={isLoading}>
          Confirm and turn on
        </Button>
        {method === 'EMAIL' ? (
          <Button
            disabled={cooldown > 0 || resending}
            onClick={() => void resend().then((result) => ('data' in result ? startCooldown() : undefined))}
          >
            {cooldown > 0 ? `Send a new code in ${cooldown} s` : 'Send a new code'}
          </Button>
        ) : null}
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** Two-step verification on the profile: choose a method, confirm it, save backup codes, or turn it off. */
export function TwoFactorCard() {
  const dispatch = useDispatch();
  const { user, twoFactor } = useSelector(selectAuth);
  const [choice, setChoice] = useState<TwoFactorMethod>('TOTP');
  const [pending, setPending] = useState<{ method: TwoFactorMethod; result: SetupTwoFactorResult } | null>(
    null,
  );
  const [confirmOff, setConfirmOff] = useState(false);
  const [startSetup, { isLoading: starting }] = useSetupTwoFactorMutation();
  const [disable, { isLoading: disabling }] = useDisableTwoFactorMutation();
  if (!user) return null;

  const begin = async (method: TwoFactorMethod) => {
    const result = await startSetup({ method });
    if ('data' in result) setPending({ method, result: result.data ?? {} });
  };
  const cancel = () => {
    setPending(null);
    dispatch(twoFactorSetupCancelled());
  };
  const turnOff = async () => {
    const result = await disable();
    if ('data' in result) setConfirmOff(false);
  };

  const showingCodes = twoFactor.backupCodes.length > 0;
  const inSetup = pending !== null && twoFactor.setup && !showingCodes;
  const other: TwoFactorMethod = user.twoFactorMethod === 'EMAIL' ? 'TOTP' : 'EMAIL';

  let body: React.ReactNode;
  if (showingCodes) {
    body = (
      <BackupCodes
        codes={twoFactor.backupCodes}
        email={user.email}
        onDone={() => {
          setPending(null);
          dispatch(backupCodesDismissed());
        }}
      />
    );
  } else if (inSetup) {
    body = (
      <ConfirmSetup method={pending.method} setup={pending.result} email={user.email} onCancel={cancel} />
    );
  } else if (user.twoFactorEnabled) {
    body = (
      <Stack spacing={2}>
        <Typography>
          Signing in asks for a code from your{' '}
          {user.twoFactorMethod === 'EMAIL'
            ? 'e-mail after your password'
            : 'authenticator app after your password'}
          . Backup codes let you in once each if you cannot get a code.
        </Typography>
        <BackupCodesPanel method={user.twoFactorMethod ?? 'TOTP'} email={user.email} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => void begin(other)} loading={starting}>
            {other === 'EMAIL' ? 'Switch to e-mailed codes' : 'Switch to an authenticator app'}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirmOff(true)}>
            Turn off two-step verification
          </Button>
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Typography>
          Protect your plans and decks: after your password, signing in also asks for a one-time code.
        </Typography>
        <FormControl>
          <FormLabel id="two-factor-method-label">How do you want to get codes?</FormLabel>
          <RadioGroup
            aria-labelledby="two-factor-method-label"
            value={choice}
            onChange={(event) => setChoice(event.target.value as TwoFactorMethod)}
          >
            <FormControlLabel value="TOTP" control={<Radio />} label="Authenticator app (recommended)" />
            <FormControlLabel value="EMAIL" control={<Radio />} label={`E-mail to ${user.email}`} />
          </RadioGroup>
        </FormControl>
        <Box>
          <Button variant="contained" onClick={() => void begin(choice)} loading={starting}>
            Set up two-step verification
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby="two-factor-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography id="two-factor-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
            Two-step verification
          </Typography>
          <Chip
            size="small"
            color={user.twoFactorEnabled ? 'success' : 'default'}
            label={
              user.twoFactorEnabled && user.twoFactorMethod
                ? `On · ${methodNames[user.twoFactorMethod]}`
                : 'Off'
            }
          />
        </Stack>
        {body}
      </CardContent>
      <Dialog open={confirmOff} onClose={() => setConfirmOff(false)} aria-labelledby="two-factor-off-title">
        <DialogTitle id="two-factor-off-title">Turn off two-step verification?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Signing in will only need your password, and your backup codes will stop working. We will e-mail
            you that it was turned off.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOff(false)}>Keep it on</Button>
          <Button color="error" variant="contained" onClick={() => void turnOff()} loading={disabling}>
            Turn off
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

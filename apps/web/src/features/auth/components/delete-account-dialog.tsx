import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSessionActions } from '../../../lib/session-actions';
import { showSuccess } from '../../../lib/toast';
import { useDispatch } from 'react-redux';
import { useDeleteAccountMutation } from '../account-api';
import { PasswordField } from './password-field';
import { showServerError } from './server-field-error';

const fields = ['password', 'code'] as const;

/** The last question before the account goes: the password, and the second factor when it is on. */
export function DeleteAccountDialog(props: { twoFactorEnabled: boolean; onClose: () => void }) {
  const { twoFactorEnabled, onClose } = props;
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { resetAuth } = useSessionActions();
  const dispatch = useDispatch();
  const schema = z.object({
    password: z.string().min(1, { message: 'Enter your password' }),
    code: twoFactorEnabled
      ? z.string().trim().min(6, { message: 'Enter a code from your authenticator app or a backup code' })
      : z.string().optional(),
  });
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await deleteAccount({
      password: values.password,
      ...(twoFactorEnabled && values.code ? { code: values.code } : {}),
    });
    if ('error' in result) {
      showServerError(result.error, fields, setError, 'The account could not be deleted');
      return;
    }
    dispatch(showSuccess('Your account was deleted. A confirmation is on its way to your inbox.'));
    resetAuth();
  });

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="delete-account-title" fullWidth>
      <form noValidate onSubmit={onSubmit} aria-label="Delete account">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              Your profile, progress, worksheets, handed-in files and share links, questions, meetings, coach
              conversations and notifications are removed, and every session is signed out. This cannot be
              undone. We send a last e-mail to confirm it.
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Kept: comments you wrote on other people&apos;s work stay without your name, and the program
              team&apos;s audit log keeps what was done, not who you are.
            </Typography>
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              required
              autoFocus
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...register('password')}
            />
            {twoFactorEnabled ? (
              <TextField
                label="Code from your authenticator app, or a backup code"
                autoComplete="one-time-code"
                required
                error={Boolean(errors.code)}
                helperText={errors.code?.message}
                {...register('code')}
              />
            ) : null}
            {errors.root?.message ? (
              <Typography role="alert" sx={{ color: 'error.main' }}>
                {errors.root.message}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            Keep my account
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isLoading}>
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { password } from '@liftoff/contracts/auth';
import { errorMessage } from '../../../lib/api';
import { useChangePasswordMutation } from '../api';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';

const schema = z.object({
  currentPassword: z.string().min(1, { message: 'Enter your current password' }),
  newPassword: password,
});
type Values = z.infer<typeof schema>;

/** Change the password: the current one, then a new one with the strength hint; other sessions sign out. */
export function ChangePasswordCard() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await changePassword(values);
    if ('error' in result) {
      // The server's sentence goes on the field it names ("Your current password is not right."), else below.
      const field = (result.error as { details?: { path: string }[] }).details?.[0]?.path;
      const message = errorMessage(result.error, 'Password change failed');
      if (field === 'currentPassword' || field === 'newPassword')
        setError(field, { type: 'server', message });
      else setError('root', { type: 'server', message });
      return;
    }
    reset();
  });

  return (
    <Card component="section" aria-labelledby="password-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="password-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Password
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Changing it signs you out everywhere else. We e-mail you when it changes.
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
          <Stack spacing={2} sx={{ maxWidth: 440 }}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              required
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <Box>
              <PasswordField
                label="New password"
                autoComplete="new-password"
                required
                fullWidth
                error={Boolean(errors.newPassword)}
                helperText={errors.newPassword?.message}
                slotProps={{ htmlInput: { 'aria-describedby': 'new-password-strength' } }}
                {...register('newPassword')}
              />
              <PasswordStrength password={watch('newPassword')} id="new-password-strength" />
            </Box>
            {errors.root?.message ? (
              <Typography role="alert" sx={{ color: 'error.main' }}>
                {errors.root.message}
              </Typography>
            ) : null}
            <Box>
              <Button type="submit" variant="contained" loading={isLoading}>
                Change password
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { email } from '@liftoff/contracts/auth';
import type { ChangeEmailResult } from '@liftoff/contracts/auth-account';
import { useChangeEmailMutation } from '../account-api';
import { PasswordField } from './password-field';
import { showServerError } from './server-field-error';

const schema = z.object({
  newEmail: email,
  password: z.string().min(1, { message: 'Enter your password' }),
});
type Values = z.input<typeof schema>;
const fields = ['newEmail', 'password'] as const;

/** A new e-mail address: it counts only once the link mailed to it is opened; the old address is told. */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const [sent, setSent] = useState<ChangeEmailResult | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await changeEmail(values);
    if ('error' in result) {
      showServerError(result.error, fields, setError, 'The address could not be changed');
      return;
    }
    setSent(result.data);
    reset();
  });

  return (
    <Card component="section" aria-labelledby="email-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="email-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          E-mail address
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
          You sign in and get mail at <strong>{currentEmail}</strong>. A new address counts once you open the
          link we send to it; we tell this address when it changes.
        </Typography>
        {sent ? (
          <Alert severity="success" variant="outlined" role="status" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Check <strong>{sent.pendingEmail}</strong> and open the link in our e-mail to finish. Until then
            you keep using {currentEmail}. The link works for 24 hours.
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change e-mail address">
          <Stack spacing={2} sx={{ maxWidth: 440 }}>
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              required
              error={Boolean(errors.newEmail)}
              helperText={errors.newEmail?.message}
              {...register('newEmail')}
            />
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              required
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...register('password')}
            />
            {errors.root?.message ? (
              <Typography role="alert" sx={{ color: 'error.main' }}>
                {errors.root.message}
              </Typography>
            ) : null}
            <Box>
              <Button type="submit" variant="contained" loading={isLoading}>
                Send confirmation link
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

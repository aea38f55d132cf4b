import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { sendResetLinkBody } from '@liftoff/contracts/auth';
import { paths } from '../../../config/paths';
import { useSendResetLinkMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';

type Values = z.input<typeof sendResetLinkBody>;

export function ForgotPasswordPage() {
  const [sendLink, { isLoading }] = useSendResetLinkMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof sendResetLinkBody>>({
    resolver: zodResolver(sendResetLinkBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await sendLink(values);
    if ('data' in result) setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          Check your inbox
        </Typography>
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is on its way.
          It works for one hour. Nothing there? Look in your spam folder.
        </Typography>
        <Button component={RouterLink} to={paths.signIn} variant="contained">
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter your e-mail and we will send you a link to choose a new one.
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a reset link">
        <Stack spacing={2.5}>
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
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Send reset link
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Remembered it?{' '}
            <Link component={RouterLink} to={paths.signIn}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signupBody } from '@liftoff/contracts/auth';
import { paths } from '../../../config/paths';
import { useSessionActions } from '../../../lib/session-actions';
import { useCheckEmailExistsMutation, useSignupMutation } from '../api';
import { AuthHeading } from '../components/auth-heading';
import { applyServerFieldErrors } from '../components/form-errors';
import { NameFields } from '../components/name-fields';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';

type Values = z.input<typeof signupBody>;
const fields = ['firstName', 'lastName', 'email', 'password'] as const;
const EMAIL_CHECK_DELAY_MS = 500;

/** Debounced live check of the e-mail against existing accounts. */
function useEmailTaken(value: string): boolean {
  const [checkEmail] = useCheckEmailExistsMutation();
  const [taken, setTaken] = useState<{ email: string; exists: boolean } | null>(null);
  const candidate = value.trim().toLowerCase();
  const valid = z.email().safeParse(candidate).success;
  useEffect(() => {
    if (!valid) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void checkEmail({ email: candidate }).then((result) => {
        if (!cancelled && 'data' in result && result.data)
          setTaken({ email: candidate, exists: result.data.exists });
      });
    }, EMAIL_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [candidate, valid, checkEmail]);
  return valid && taken?.email === candidate && taken.exists;
}

export function SignUpPage() {
  const navigate = useNavigate();
  const [signup, { isLoading }] = useSignupMutation();
  const { saveSession } = useSessionActions();
  // An invitation mail links here with its address, so the founder only adds a name and a password.
  const [params] = useSearchParams();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof signupBody>>({
    resolver: zodResolver(signupBody),
    defaultValues: { firstName: '', lastName: '', email: params.get('email') ?? '', password: '' },
  });
  const emailValue = useWatch({ control, name: 'email' }) ?? '';
  const passwordValue = useWatch({ control, name: 'password' }) ?? '';
  const emailTaken = useEmailTaken(emailValue);

  const onSubmit = handleSubmit(async (values) => {
    if (emailTaken) return;
    const result = await signup(values);
    if ('data' in result) {
      // The new account's session is saved before the page moves on, so a reload keeps it.
      await saveSession();
      void navigate(paths.verifyEmail, { replace: true });
    } else {
      applyServerFieldErrors(result.error, fields, setError);
    }
  });

  return (
    <>
      <AuthHeading title="Create your account">
        Your program, your experts and your AI coach — in one place.
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
        <Stack spacing={2.5}>
          <NameFields
            firstName={register('firstName')}
            lastName={register('lastName')}
            errors={errors}
            autoFocus
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            error={Boolean(errors.email) || emailTaken}
            helperText={
              emailTaken ? (
                <span role="status">
                  An account with this e-mail already exists.{' '}
                  <Link component={RouterLink} to={paths.signIn}>
                    Sign in instead
                  </Link>
                </span>
              ) : (
                errors.email?.message
              )
            }
            {...register('email')}
          />
          <Box>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              required
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              slotProps={{ htmlInput: { 'aria-describedby': 'password-strength' } }}
              {...register('password')}
            />
            <PasswordStrength password={passwordValue} id="password-strength" />
          </Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading} disabled={emailTaken}>
            Create account
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.signIn}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}

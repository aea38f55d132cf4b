import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authApi, useUpdateMetaMutation, useUpdateUserMutation } from '../api';
import { selectAuth } from '../slice';
import { AuthHeading } from '../components/auth-heading';
import { applyServerFieldErrors } from '../components/form-errors';
import { NameFields } from '../components/name-fields';
import { SessionFooter } from '../components/session-footer';
import {
  founderDetailFields as fields,
  founderDetailsFrom,
  founderDetailsSchema as schema,
  StartupFields,
  type FounderDetails as Values,
} from '../components/startup-fields';

export function OnboardingPage() {
  const dispatch = useDispatch();
  const { user } = useSelector(selectAuth);
  const [updateMeta, metaState] = useUpdateMetaMutation();
  const [updateUser, userState] = useUpdateUserMutation();
  const meta = user?.meta ?? {};
  const nameMissing = !user?.firstName || !user.lastName;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: founderDetailsFrom(user),
  });

  // api-contract.md: the meta goes first, then profileCompleted (the API checks the meta is there).
  const onSubmit = handleSubmit(async (values) => {
    if (!user) return;
    const metaResult = await updateMeta({
      id: user.id,
      meta: {
        ...meta,
        startupName: values.startupName,
        stage: values.stage,
        industry: values.industry,
        goals: values.goals,
      },
    });
    if ('error' in metaResult) {
      applyServerFieldErrors(metaResult.error, fields, setError);
      return;
    }
    const userResult = await updateUser({
      id: user.id,
      body: { firstName: values.firstName, lastName: values.lastName, profileCompleted: true },
    });
    if ('error' in userResult) {
      applyServerFieldErrors(userResult.error, fields, setError);
      return;
    }
    if (!userResult.data || typeof userResult.data !== 'object' || !('id' in userResult.data)) {
      void dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }) as never);
    }
    // The guard sees the completed profile and continues to the tutorial.
  });

  return (
    <>
      <AuthHeading title={user?.firstName ? `Nice to meet you, ${user.firstName}` : 'Tell us about you'}>
        A few answers about your startup shape the program we start you on. You can change them later.
      </AuthHeading>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Your startup">
        <Stack spacing={2.5}>
          {nameMissing ? (
            <NameFields firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
          ) : null}
          <TextField
            label="Startup name"
            autoComplete="organization"
            autoFocus={!nameMissing}
            required
            error={Boolean(errors.startupName)}
            helperText={errors.startupName?.message}
            {...register('startupName')}
          />
          <StartupFields control={control} register={register} errors={errors} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={metaState.isLoading || userState.isLoading}
          >
            Finish setting up
          </Button>
          <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            Finishing enrols you in your first program.
          </Typography>
        </Stack>
      </Box>
      <SessionFooter email={user?.email} />
    </>
  );
}

import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { industries, personName, startupStages } from '@liftoff/contracts/auth';
import { authApi, useUpdateMetaMutation, useUpdateUserMutation } from '../api';
import { selectAuth } from '../slice';
import { AuthHeading } from '../components/auth-heading';
import { applyServerFieldErrors } from '../components/form-errors';
import { NameFields } from '../components/name-fields';
import { SessionFooter } from '../components/session-footer';

const schema = z.object({
  firstName: personName,
  lastName: personName,
  startupName: z.string().trim().min(1, { message: 'Tell us what your startup is called' }).max(120),
  stage: z.enum(startupStages, { message: 'Choose a stage' }),
  industry: z.enum(industries, { message: 'Choose an industry' }),
  goals: z.string().trim().max(2000, { message: 'Keep it under 2000 characters' }),
});
type Values = z.input<typeof schema>;
const fields = ['firstName', 'lastName', 'startupName', 'stage', 'industry', 'goals'] as const;

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
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      startupName: meta.startupName ?? '',
      stage: (startupStages as readonly string[]).includes(meta.stage ?? '')
        ? (meta.stage as Values['stage'])
        : ('' as Values['stage']),
      industry: (industries as readonly string[]).includes(meta.industry ?? '')
        ? (meta.industry as Values['industry'])
        : ('' as Values['industry']),
      goals: meta.goals ?? '',
    },
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
          <Stack direction={{ xs: 'column', tablet: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="stage"
              render={({ field }) => (
                <TextField
                  select
                  label="Stage"
                  required
                  {...field}
                  error={Boolean(errors.stage)}
                  helperText={errors.stage?.message ?? 'Where the company is today'}
                >
                  {startupStages.map((stage) => (
                    <MenuItem key={stage} value={stage}>
                      {stage}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="industry"
              render={({ field }) => (
                <TextField
                  select
                  label="Industry"
                  required
                  {...field}
                  error={Boolean(errors.industry)}
                  helperText={errors.industry?.message ?? 'The closest fit'}
                >
                  {industries.map((industry) => (
                    <MenuItem key={industry} value={industry}>
                      {industry}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <TextField
            label="What do you want from the program?"
            multiline
            minRows={3}
            error={Boolean(errors.goals)}
            helperText={
              errors.goals?.message ??
              'For example: find product–market fit, prepare our seed round, hire the first engineer.'
            }
            {...register('goals')}
          />
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

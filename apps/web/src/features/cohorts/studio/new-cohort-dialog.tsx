import { createCohortBody, type CohortManager, type CreateCohortBody } from '@liftoff/contracts/cohorts';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useCohortProgramsQuery, useCreateCohortMutation, useTeamManagersQuery } from '../api';
import { studioPaths } from './paths';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Picks people of the program team; used for a new cohort's managers and on the cohort's managers tab. */
export function ManagerPicker({
  value,
  onChange,
  exclude = [],
  label,
  helperText,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  exclude?: string[];
  label: string;
  helperText?: string;
}) {
  const { data, error, isLoading, refetch } = useTeamManagersQuery();
  if (error)
    return (
      <RetryAlert
        message={`We could not load the program team. ${errorMessage(error)}`}
        onRetry={() => void refetch()}
      />
    );
  return (
    <Autocomplete
      multiple
      loading={isLoading}
      loadingText="Loading the program team…"
      noOptionsText="No one else on the program team"
      options={(data ?? []).filter((m) => !exclude.includes(m.id))}
      value={(data ?? []).filter((m) => value.includes(m.id))}
      onChange={(_event, next: CohortManager[]) => onChange(next.map((m) => m.id))}
      getOptionLabel={(m) => `${m.name} (${m.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

/** A new cohort: its name, the program it runs (chosen from those that exist), dates and managers. */
export function NewCohortDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create, { isLoading }] = useCreateCohortMutation();
  const programs = useCohortProgramsQuery(undefined, { skip: !open });
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<CreateCohortBody>({
    resolver: zodResolver(createCohortBody) as never,
    defaultValues: {
      name: '',
      programKey: '',
      startDate: '',
      endDate: '',
      timeZone: browserZone,
      stuckAfterDays: 7,
      managerIds: [],
    },
  });
  // With a single program there is nothing to choose; it is taken.
  useEffect(() => {
    if (programs.data?.length === 1 && !getValues('programKey'))
      setValue('programKey', programs.data[0]!.key);
  }, [programs.data, getValues, setValue]);
  const field = (name: keyof CreateCohortBody) => ({
    error: !!errors[name],
    helperText: errors[name]?.message as string | undefined,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="new-cohort-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(async (body) => {
          const result = await create(body);
          if ('data' in result && result.data) navigate(studioPaths.cohort(result.data.id));
        })}
      >
        <DialogTitle id="new-cohort-title">New cohort</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" autoFocus {...register('name')} {...field('name')} />
            {programs.error ? (
              <RetryAlert
                message={`We could not load the programs. ${errorMessage(programs.error)}`}
                onRetry={() => void programs.refetch()}
              />
            ) : (
              <Controller
                name="programKey"
                control={control}
                render={({ field: { ref, ...select } }) => (
                  <TextField
                    select
                    label="Program"
                    inputRef={ref}
                    {...select}
                    disabled={programs.isLoading}
                    error={!!errors.programKey}
                    helperText={
                      programs.isLoading
                        ? 'Loading programs…'
                        : errors.programKey
                          ? 'Choose the program this cohort runs'
                          : undefined
                    }
                  >
                    {(programs.data ?? []).map((p) => (
                      <MenuItem key={p.key} value={p.key}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Start date"
                type="date"
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
                {...register('startDate')}
                {...field('startDate')}
              />
              <TextField
                label="End date"
                type="date"
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
                {...register('endDate')}
                {...field('endDate')}
              />
            </Stack>
            <TextField label="Time zone" {...register('timeZone')} {...field('timeZone')} />
            <TextField
              label="Stuck after (days)"
              type="number"
              {...register('stuckAfterDays', { valueAsNumber: true })}
              {...field('stuckAfterDays')}
            />
            <Controller
              name="managerIds"
              control={control}
              render={({ field: { value, onChange } }) => (
                <ManagerPicker
                  label="Other managers (optional)"
                  helperText="A manager who creates a cohort manages it."
                  value={value ?? []}
                  onChange={onChange}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading || programs.isLoading}>
            Create cohort
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import { createCohortBody, type CreateCohortBody } from '@liftoff/contracts/cohorts';
import { zodResolver } from '@hookform/resolvers/zod';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useCohortsQuery, useCreateCohortMutation } from '../api';
import { studioPaths } from './paths';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function NewCohortDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create, { isLoading }] = useCreateCohortMutation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateCohortBody>({
    resolver: zodResolver(createCohortBody) as never,
    defaultValues: {
      name: '',
      programKey: 'venture-foundations',
      startDate: '',
      endDate: '',
      timeZone: browserZone,
      stuckAfterDays: 7,
    },
  });
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
            <TextField label="Program key" {...register('programKey')} {...field('programKey')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Start date"
                type="date"
                slotProps={{ inputLabel: { shrink: true } }}
                {...register('startDate')}
                {...field('startDate')}
              />
              <TextField
                label="End date"
                type="date"
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Create cohort
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The cohorts the manager runs (admins: all), and a way to start a new one. */
export function CohortsPage() {
  const { data, error, isLoading, refetch } = useCohortsQuery();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Button variant="contained" onClick={() => setCreating(true)}>
      New cohort
    </Button>
  );
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <PageTitle>Cohorts</PageTitle>
        {data && data.length > 0 && newButton}
      </Stack>
      {isLoading ? (
        <PageSkeleton label="Loading cohorts" cards={3} height={96} />
      ) : error || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} what="your cohorts" />
      ) : data.length === 0 ? (
        <EmptyState icon={<GroupsOutlined fontSize="inherit" />} title="No cohorts yet" action={newButton}>
          A cohort is one run of a program. Create one, then invite its founders.
        </EmptyState>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.map((cohort) => (
            <li key={cohort.id}>
              <Card variant="outlined">
                <CardActionArea component={RouterLink} to={studioPaths.cohort(cohort.id)}>
                  <CardContent>
                    <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
                      {cohort.name}
                    </Typography>
                    <Typography color="text.secondary">
                      {cohort.startDate} to {cohort.endDate} · {cohort.founderCount} founders ·{' '}
                      {cohort.pendingInvitationCount} invited{cohort.closedAt ? ' · ended' : ''}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <NewCohortDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

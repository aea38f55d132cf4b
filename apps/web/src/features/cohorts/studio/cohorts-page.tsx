import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useCohortsQuery } from '../api';
import { NewCohortDialog } from './new-cohort-dialog';
import { studioPaths } from './paths';

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

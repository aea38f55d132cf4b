import type { Timeline } from '@liftoff/contracts/cohorts';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useReopenMissionMutation, useTimelineQuery } from '../api';
import { studioPaths } from './paths';

const kindWords: Record<Timeline['events'][number]['kind'], string> = {
  STEP: 'Step',
  DELIVERABLE: 'Deliverable',
  QUESTION: 'Question',
  MEETING: 'Meeting',
  COACH: 'Coach',
  NUDGE: 'Nudge',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What one founder did, newest first; how often they used the coach, never what they wrote. */
export function FounderTimelinePage() {
  const { cohortId = '', founderId = '' } = useParams();
  const { data, error, isLoading, refetch } = useTimelineQuery({ id: cohortId, founderId });
  const [reopen, reopening] = useReopenMissionMutation();

  if (isLoading) return <PageSkeleton label="Loading the founder's timeline" cards={2} />;
  if (error || !data)
    return (
      <Stack spacing={3}>
        <PageTitle>Founder</PageTitle>
        <LoadError error={error} onRetry={() => void refetch()} what="this founder" />
      </Stack>
    );
  const closed = data.missions.filter((m) => m.status === 'INCOMPLETED');
  const coachTotal = data.coachUse.reduce((n, w) => n + w.questions, 0);
  return (
    <Stack spacing={3}>
      <Box>
        <Link component={RouterLink} to={studioPaths.cohort(cohortId)}>
          Back to the cohort
        </Link>
        <PageTitle>{data.founder.name}</PageTitle>
        <Typography color="text.secondary">
          {data.founder.startup ? `${data.founder.startup} · ` : ''}
          {data.founder.email}
        </Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            Coach
          </Typography>
          <Typography>
            {coachTotal === 0
              ? 'Has not asked the coach anything yet.'
              : `Asked the coach ${coachTotal} ${coachTotal === 1 ? 'question' : 'questions'} over ${data.coachUse.length} ${data.coachUse.length === 1 ? 'week' : 'weeks'}.`}
          </Typography>
        </CardContent>
      </Card>
      {closed.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
              Closed without completion
            </Typography>
            <List dense>
              {closed.map((mission) => (
                <ListItem
                  key={mission.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      disabled={reopening.isLoading}
                      onClick={() => void reopen({ id: cohortId, founderId, missionId: mission.id })}
                    >
                      Reopen
                    </Button>
                  }
                >
                  <ListItemText primary={mission.name} secondary={mission.milestoneName} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
      <Box component="section" aria-labelledby="timeline-heading">
        <Typography id="timeline-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Timeline
        </Typography>
        {data.events.length === 0 ? (
          <EmptyState icon={<HistoryOutlined fontSize="inherit" />} title="Nothing yet">
            Steps, deliverables, questions and meetings show here as the founder works.
          </EmptyState>
        ) : (
          <List aria-label="What the founder did">
            {data.events.map((event, i) => (
              <ListItem key={`${event.at}-${i}`} divider alignItems="flex-start">
                <Chip size="small" label={kindWords[event.kind]} sx={{ mr: 2, mt: 0.5, minWidth: 96 }} />
                <ListItemText
                  primary={event.title}
                  secondary={`${when(event.at)}${event.detail ? ` · ${event.detail}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}

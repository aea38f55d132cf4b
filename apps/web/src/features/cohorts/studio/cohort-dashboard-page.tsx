import type { Dashboard } from '@liftoff/contracts/cohorts';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useParams } from 'react-router';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { exportProgress, useDashboardQuery } from '../api';
import { CohortManagers } from './cohort-managers';
import { InvitationsList } from './invitations-list';
import { InviteFounders } from './invite-founders';
import { ProgressHeatMap } from './progress-heat-map';
import { studioPaths } from './paths';

function Figure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography component="p" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
          {value}
        </Typography>
        <Typography component="p" variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </CardContent>
    </Card>
  );
}

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));

function Overview({ data }: { data: Dashboard }) {
  const stuck = data.founders.filter((f) => f.stuck).length;
  return (
    <Stack spacing={3}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Figure
          label="Founders"
          value={data.founders.length}
          hint={`${data.cohort.pendingInvitationCount} invited`}
        />
        <Figure label="Stuck" value={stuck} hint={`Nothing for ${data.cohort.stuckAfterDays} days`} />
        <Figure
          label="Deliverables waiting"
          value={data.deliverablesAwaitingReview}
          hint="Handed in for review"
        />
        <Figure label="Unanswered questions" value={data.unansweredQuestions} hint="Waiting over 48 hours" />
        <Figure
          label="Meetings this week"
          value={data.meetingsThisWeek.length}
          hint="Requested or accepted"
        />
      </Stack>
      <ProgressHeatMap data={data} founderHref={(id) => studioPaths.founder(data.cohort.id, id)} />
      {data.meetingsThisWeek.length > 0 && (
        <Box component="section" aria-labelledby="meetings-heading">
          <Typography id="meetings-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            Meetings this week
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {data.meetingsThisWeek.map((m) => (
              <li key={`${m.founderId}-${m.startsAt}`}>
                {timeOf(m.startsAt, data.cohort.timeZone)}: {m.founderName} with {m.expertName}
                {m.status === 'REQUESTED' ? ' (requested)' : ''}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

type Tab = 'progress' | 'invite' | 'managers';

/** One cohort: the dashboard (who is where, who is stuck, what waits) and its invitations. */
export function CohortDashboardPage() {
  const { cohortId = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useDashboardQuery(cohortId);
  const [tab, setTab] = useState<Tab>('progress');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's thunk dispatch
  const dispatch = useDispatch<any>();

  if (isLoading) return <PageSkeleton label="Loading the cohort" cards={3} />;
  if (error || !data)
    return (
      <Stack spacing={3}>
        <PageTitle>Cohort</PageTitle>
        <LoadError error={error} onRetry={() => void refetch()} what="this cohort" />
      </Stack>
    );
  const slug =
    data.cohort.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'cohort';
  return (
    <Stack spacing={3} aria-busy={isFetching}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <PageTitle>{data.cohort.name}</PageTitle>
          <Typography color="text.secondary">
            {data.cohort.startDate} to {data.cohort.endDate} · {data.cohort.timeZone}
            {data.cohort.closedAt ? ' · ended' : ''}
          </Typography>
        </Box>
        <Box>
          <Button
            variant="outlined"
            onClick={() => void dispatch(exportProgress(cohortId, `${slug}-progress.csv`))}
          >
            Export progress (CSV)
          </Button>
        </Box>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, value: Tab) => setTab(value)}
        aria-label="Cohort views"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab
          value="progress"
          label="Progress"
          id="cohort-tab-progress"
          aria-controls="cohort-panel-progress"
        />
        <Tab value="invite" label="Invitations" id="cohort-tab-invite" aria-controls="cohort-panel-invite" />
        <Tab
          value="managers"
          label="Managers"
          id="cohort-tab-managers"
          aria-controls="cohort-panel-managers"
        />
      </Tabs>
      <Box role="tabpanel" id={`cohort-panel-${tab}`} aria-labelledby={`cohort-tab-${tab}`}>
        {tab === 'managers' ? (
          <CohortManagers cohort={data.cohort} />
        ) : tab === 'invite' ? (
          <Stack spacing={4}>
            <InviteFounders cohortId={cohortId} />
            <InvitationsList cohortId={cohortId} />
          </Stack>
        ) : data.founders.length === 0 ? (
          <EmptyState
            icon={<GroupAddOutlined fontSize="inherit" />}
            title="No founders yet"
            action={
              <Button variant="contained" onClick={() => setTab('invite')}>
                Invite founders
              </Button>
            }
          >
            Invite founders by e-mail or CSV; they appear here as soon as they join.
          </EmptyState>
        ) : (
          <Overview data={data} />
        )}
      </Box>
    </Stack>
  );
}

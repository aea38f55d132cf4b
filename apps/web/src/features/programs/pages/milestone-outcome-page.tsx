import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { buildPath, paths } from '../../../config/paths';
import { useMilestoneOutcomeQuery, useProgramQuery } from '../api';
import { CompletionMoment } from '../components/completion-moment';
import { ContentIcon } from '../components/content-icon';
import { Markdown } from '../components/markdown';
import { OutcomeMissions } from '../components/outcome-missions';
import { PageSkeleton, PageTitle } from '../../../components/page-states';
import { PageLoadError } from '../components/page-load-error';
import { ShareButton } from '../components/share-dialog';
import { StatusChip } from '../components/status';
import { formatDate } from '../lib/format';

/** Milestone outcome (spec section 2): what the milestone achieved, with its moment of completion. */
export function MilestoneOutcomePage() {
  const { milestoneId = '', missionId = '' } = useParams();
  const outcome = useMilestoneOutcomeQuery(milestoneId, { skip: !milestoneId });
  const programId = outcome.data?.milestone.userProgramId;
  const program = useProgramQuery(programId ?? '', { skip: !programId });

  if (outcome.isLoading) return <PageSkeleton label="Loading the milestone outcome" cards={2} height={200} />;
  if (outcome.isError || !outcome.data) {
    return (
      <PageLoadError title="Milestone outcome" query={outcome} what="this milestone outcome" maxWidth={960} />
    );
  }
  const data = outcome.data;
  const milestone = data.milestone;
  const completed = milestone.status === 'COMPLETED';
  const handedIn = data.missions.reduce((sum, m) => sum + m.attachments.length, 0);
  const missionsDone = data.missions.filter((m) => m.status === 'COMPLETED').length;
  // The milestone after this one, so the button opens it on the map rather than the map's default.
  const nextMilestone = program.data?.userMilestone.find((m) => m.index === milestone.index + 1);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <Link
            component={RouterLink}
            to={`${paths.programs}?milestone=${encodeURIComponent(milestone.id)}`}
            variant="body2"
          >
            {milestone.programName || 'Program map'}
          </Link>
          {missionId ? (
            <Link component={RouterLink} to={buildPath.missionDetails(missionId)} variant="body2">
              Back to the mission
            </Link>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <ContentIcon src={milestone.iconUrl} size={48} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Milestone {milestone.index} outcome
            </Typography>
            <PageTitle>{milestone.name}</PageTitle>
          </Box>
          <StatusChip status={milestone.status} />
        </Stack>
      </Box>

      {completed ? (
        <CompletionMoment
          title="Milestone complete"
          autoFocus={false}
          actions={
            <>
              <ShareButton
                kind="outcome"
                id={milestone.id}
                itemName={`the outcome of ${milestone.name}`}
                label="Share this outcome"
                variant="contained"
              />
              {nextMilestone ? (
                <Button
                  component={RouterLink}
                  to={`${paths.programs}?milestone=${encodeURIComponent(nextMilestone.id)}`}
                  variant="outlined"
                >
                  Open the next milestone
                </Button>
              ) : program.data ? (
                <Button component={RouterLink} to={paths.outcomesRepository} variant="outlined">
                  See all your outcomes
                </Button>
              ) : null}
            </>
          }
        >
          <Typography>
            {data.completedAt ? `Completed ${formatDate(data.completedAt)}. ` : ''}
            {missionsDone} mission{missionsDone === 1 ? '' : 's'} done, {handedIn} file
            {handedIn === 1 ? '' : 's'} handed in.
          </Typography>
        </CompletionMoment>
      ) : milestone.status === 'LOCKED' ? (
        <Alert severity="info">This milestone is locked. Its outcome fills in once you reach it.</Alert>
      ) : (
        <Alert
          severity="info"
          action={
            milestone.status === 'ONGOING' ? (
              <ShareButton
                kind="outcome"
                id={milestone.id}
                itemName={`the outcome of ${milestone.name}`}
                label="Share progress"
              />
            ) : undefined
          }
        >
          {milestone.status === 'ONGOING'
            ? `In progress: ${missionsDone} of ${data.missions.length} missions complete. The outcome fills in as you go.`
            : 'This milestone closed before it was completed.'}
        </Alert>
      )}

      <Card component="section" aria-labelledby="outcome-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            What this milestone achieves
          </Typography>
          <Typography id="outcome-title" variant="h2" sx={{ fontSize: '1.375rem' }}>
            {data.outcome.title}
          </Typography>
          <Markdown source={data.outcome.description} sx={{ mt: 1 }} />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="missions-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="missions-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Missions and deliverables
          </Typography>
          <OutcomeMissions outcome={data} />
        </CardContent>
      </Card>
    </Stack>
  );
}

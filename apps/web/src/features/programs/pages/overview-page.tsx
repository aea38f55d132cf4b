import type { MilestoneOutline, MissionOutline, ProgramOutline } from '@liftoff/contracts/programs';
import { Link as RouterLink } from 'react-router';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { buildPath, paths } from '../../../config/paths';
import { useFirstArrivalDeferred } from '../../../lib/first-arrival';
import { selectSessionUser } from '../../../lib/session';
import { useProgramsOutlineQuery } from '../api';
import { ContentIcon } from '../components/content-icon';
import { ExpertActionsSlot, PopularQuestionsSlot } from '../../../components/feature-slots';
import { ExpertCard } from '../components/expert-card';
import { MilestoneRings } from '../components/milestone-rings';
import { LoadError } from '../../../components/page-states';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { ProgressBar } from '../components/progress-ring';
import { TodoCard } from '../components/todo-card';
import { minutes } from '../lib/format';
import {
  awaitsDeliverable,
  currentMilestone,
  currentMission,
  currentProgram,
  deferredSteps,
  nextOpenStep,
  programProgress,
} from '../lib/progress';

function OverviewSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading your overview" role="status">
      <Skeleton variant="text" width="50%" height={48} />
      <Skeleton variant="text" width="30%" />
      <Skeleton variant="rounded" height={180} sx={{ mt: 3 }} />
    </Box>
  );
}

function ProgramSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" aria-label="Loading your program" role="status">
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

function NotEnrolledCard() {
  return (
    <Card
      component="section"
      aria-labelledby="next-action-title"
      sx={{ borderLeft: 6, borderColor: 'secondary.main' }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack
          direction={{ xs: 'column', tablet: 'row' }}
          spacing={3}
          sx={{ alignItems: { tablet: 'center' } }}
        >
          <Box sx={{ fontSize: 56, color: 'primary.main', display: 'flex' }} aria-hidden="true">
            <MapIcon fontSize="inherit" />
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="overline" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
              Next
            </Typography>
            <Typography id="next-action-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
              Your program appears here once you are enrolled
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '65ch' }}>
              You are not enrolled in a program yet. Until then, the product tour explains how programs,
              experts and the AI coach fit together.
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ minWidth: { tablet: 200 } }}>
            <Button component={RouterLink} to={paths.tutorial} variant="contained" startIcon={<SchoolIcon />}>
              Take the tour
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

type NextAction = { label: string; to: string; icon: React.ReactNode; detail: string };

function nextActionFor(mission: MissionOutline): NextAction {
  if (awaitsDeliverable(mission)) {
    const title = mission.deliverable?.title ?? 'your deliverable';
    const putOff = deferredSteps(mission.userStep).length;
    return {
      label: 'Hand in your deliverable',
      to: buildPath.missionDeliverable(mission.id),
      icon: <UploadFileIcon />,
      // Steps put off are not done: say so rather than "every step is done".
      detail: putOff
        ? `${putOff === 1 ? '1 step is' : `${putOff} steps are`} put off for later. Finish ${putOff === 1 ? 'it' : 'them'} and hand in “${title}” to complete the mission.`
        : `Every step is done. Hand in “${title}” to complete the mission.`,
    };
  }
  const step = nextOpenStep(mission.userStep);
  return {
    label: 'Continue',
    to: buildPath.missionDetails(mission.id, step?.id),
    icon: <ArrowForwardIcon />,
    detail: step ? `Next step: ${step.title} · about ${minutes(step.estimatedMinutes)}` : mission.summary,
  };
}

function NextCard({ program, milestone }: { program: ProgramOutline; milestone: MilestoneOutline | null }) {
  const mission = milestone && milestone.status === 'ONGOING' ? currentMission(milestone.userMission) : null;
  const action = mission ? nextActionFor(mission) : null;
  return (
    <Card
      component="section"
      aria-labelledby="next-action-title"
      sx={{ borderLeft: 6, borderColor: 'secondary.main' }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack
          direction={{ xs: 'column', tablet: 'row' }}
          spacing={3}
          sx={{ alignItems: { tablet: 'center' } }}
        >
          {milestone ? <ContentIcon src={milestone.iconUrl} size={64} /> : null}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary', fontWeight: 700 }}>
              {program.name}
              {milestone ? ` · Milestone ${milestone.index} of ${program.userMilestone.length}` : ''}
            </Typography>
            {mission && milestone && action ? (
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {milestone.name} — {milestone.overviewSubtitle}
                </Typography>
                <Typography id="next-action-title" variant="h2" sx={{ fontSize: '1.375rem', mt: 0.5 }}>
                  {mission.name}
                </Typography>
                <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '65ch' }}>
                  {action.detail}
                </Typography>
              </>
            ) : (
              <>
                <Typography id="next-action-title" variant="h2" sx={{ fontSize: '1.375rem', mt: 0.5 }}>
                  {program.status === 'COMPLETED' ? 'You finished the program' : 'Nothing open right now'}
                </Typography>
                <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '65ch' }}>
                  {program.status === 'COMPLETED'
                    ? 'Every milestone is complete. Your work is kept in your outcomes, ready to share.'
                    : 'Open the program map to see where each milestone stands.'}
                </Typography>
              </>
            )}
          </Box>
          <Stack spacing={1} sx={{ minWidth: { tablet: 220 } }}>
            {action ? (
              <Button
                component={RouterLink}
                to={action.to}
                variant="contained"
                size="large"
                endIcon={action.icon}
              >
                {action.label}
              </Button>
            ) : (
              <Button
                component={RouterLink}
                to={paths.outcomesRepository}
                variant="contained"
                startIcon={<EmojiEventsIcon />}
              >
                See your outcomes
              </Button>
            )}
            <Button component={RouterLink} to={paths.programs} variant="outlined" startIcon={<MapIcon />}>
              Open the program map
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ProgressCard({ program }: { program: ProgramOutline }) {
  const overall = programProgress(program);
  const completed = program.userMilestone.filter((m) => m.status === 'COMPLETED').length;
  return (
    <Card component="section" aria-labelledby="progress-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="progress-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Your progress
        </Typography>
        <ProgressBar
          value={overall.percent}
          label={`${program.name} progress`}
          caption={`${completed} of ${program.userMilestone.length} milestones complete`}
        />
        <Box sx={{ mt: 3 }}>
          <MilestoneRings milestones={program.userMilestone} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** A pointer to the blog for the few minutes between calls. */
function ExploreInvite() {
  return (
    <Card component="section" aria-labelledby="explore-title">
      <CardContent
        sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <ExploreIcon color="secondary" aria-hidden="true" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography id="explore-title" variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Five minutes between calls?
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Explore has short reads for founders.
          </Typography>
        </Box>
        <Button component={RouterLink} to="/explore">
          Go to Explore
        </Button>
      </CardContent>
    </Card>
  );
}

/** Home of a signed-in founder: where they are, what is next, who can help (design.md). */
export function OverviewPage() {
  const user = useSelector(selectSessionUser);
  const programs = useFirstArrivalDeferred(useProgramsOutlineQuery());
  if (!user) return <OverviewSkeleton />;
  const { startupName, stage, industry } = user.meta;
  const program = programs.data ? currentProgram(programs.data) : null;
  const milestone = program ? currentMilestone(program.userMilestone) : null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', sm: '2rem' } }}>
          Welcome{user.firstName ? `, ${user.firstName}` : ''}
        </Typography>
        {startupName ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
          >
            <Typography sx={{ color: 'text.secondary' }}>
              Building <strong>{startupName}</strong>
            </Typography>
            {stage ? <Chip size="small" label={stage} /> : null}
            {industry ? <Chip size="small" variant="outlined" label={industry} /> : null}
          </Stack>
        ) : null}
      </Box>

      {programs.isLoading ? (
        <ProgramSkeleton />
      ) : programs.isError ? (
        <LoadError error={programs.error} onRetry={() => void programs.refetch()} what="your program" />
      ) : !program ? (
        <NotEnrolledCard />
      ) : (
        <>
          <NextCard program={program} milestone={milestone} />
          <TodoCard program={program} />
          {/* Below the first screenful on a phone: drawn a frame after what is next (bench/lighthouse.mjs). */}
          <AfterFirstPaint>
            <ProgressCard program={program} />
            {milestone?.expert ? (
              <ExpertCard
                expert={milestone.expert}
                headingLevel="h2"
                actions={<ExpertActionsSlot expert={milestone.expert} missions={milestone.userMission} />}
              />
            ) : null}
            <PopularQuestionsSlot />
            <ExploreInvite />
          </AfterFirstPaint>
        </>
      )}

      {/* Below the program, so it comes with it (with the later cards when there is one): shown under the
          skeleton, it would jump down on arrival. */}
      {programs.isLoading || program ? null : <ExploreInvite />}
    </Stack>
  );
}

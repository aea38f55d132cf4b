import { useEffect, useId } from 'react';
import type { Milestone, Program } from '@liftoff/contracts/programs';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import { buildPath, paths } from '../../../config/paths';
import { useProgramsQuery } from '../api';
import { ContentIcon } from '../components/content-icon';
import { ExpertActionsSlot } from '../../../components/feature-slots';
import { ExpertCard } from '../components/expert-card';
import { Markdown } from '../components/markdown';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { ProgramMap } from '../components/program-map';
import { ProgressBar } from '../components/progress-ring';
import { StatusChip } from '../components/status';
import { minutes } from '../lib/format';
import {
  byIndex,
  currentMilestone,
  currentProgram,
  missionProgress,
  missionProgressCaption,
  missionStarted,
  nextOpenStep,
  programProgress,
} from '../lib/progress';

function MilestonePanel({
  program,
  milestone,
  panelId,
}: {
  program: Program;
  milestone: Milestone;
  panelId: string;
}) {
  const missions = byIndex(milestone.userMission);
  const last = missions.at(-1);
  return (
    <Card
      component="section"
      id={panelId}
      aria-labelledby={`${panelId}-title`}
      tabIndex={-1}
      sx={{ outline: 'none' }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
          <ContentIcon src={milestone.iconUrl} size={56} muted={milestone.status === 'LOCKED'} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Milestone {milestone.index} of {program.userMilestone.length}
            </Typography>
            <Typography id={`${panelId}-title`} variant="h2" sx={{ fontSize: '1.375rem' }}>
              {milestone.name}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{milestone.overviewSubtitle}</Typography>
          </Box>
          <StatusChip status={milestone.status} />
        </Stack>
        <Typography sx={{ maxWidth: '75ch' }}>{milestone.description}</Typography>
        {milestone.status === 'COMPLETED' && last ? (
          <Button
            component={RouterLink}
            to={buildPath.milestoneOutcome(program.id, milestone.id, last.id)}
            variant="contained"
            color="secondary"
            startIcon={<EmojiEventsIcon />}
            sx={{ mt: 2 }}
          >
            See the milestone outcome
          </Button>
        ) : milestone.status === 'LOCKED' ? (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary', fontWeight: 600 }}>
            Locked: it opens when you complete milestone {milestone.index - 1}.
          </Typography>
        ) : null}

        <Typography variant="h3" sx={{ fontSize: '1.125rem', mt: 3, mb: 1 }}>
          Missions
        </Typography>
        <List disablePadding aria-label={`Missions of ${milestone.name}`}>
          {missions.map((mission) => {
            const progress = missionProgress(mission);
            const resume = nextOpenStep(mission.userStep);
            const open = mission.status !== 'LOCKED' && milestone.status !== 'LOCKED';
            return (
              <ListItem key={mission.id} divider sx={{ px: 0, py: 2, display: 'block' }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                    >
                      <Typography component="h4" sx={{ fontWeight: 700 }}>
                        {mission.index}. {mission.name}
                      </Typography>
                      <StatusChip status={mission.status} notStarted={!missionStarted(mission)} />
                    </Stack>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: '75ch' }}>
                      {mission.summary}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {mission.userStep.length} steps · about {minutes(mission.estimatedMinutes)}
                      {mission.deliverable ? ' · one deliverable' : ''}
                    </Typography>
                    {open ? (
                      <LinearProgress
                        variant="determinate"
                        value={progress.percent}
                        aria-label={`${mission.name} progress`}
                        aria-valuetext={missionProgressCaption(mission)}
                        sx={{ mt: 1, maxWidth: 320, height: 6, borderRadius: 3 }}
                      />
                    ) : null}
                    {open ? (
                      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                        {missionProgressCaption(mission)}
                      </Typography>
                    ) : null}
                  </Box>
                  {open ? (
                    <Button
                      component={RouterLink}
                      to={buildPath.missionDetails(
                        mission.id,
                        mission.status === 'COMPLETED' ? undefined : resume?.id,
                      )}
                      variant={mission.status === 'ONGOING' ? 'contained' : 'outlined'}
                      endIcon={<ArrowForwardIcon />}
                      aria-label={`${mission.status === 'COMPLETED' ? 'Review' : 'Open'} mission ${mission.name}`}
                      sx={{ flexShrink: 0 }}
                    >
                      {mission.status === 'COMPLETED' ? 'Review' : 'Open mission'}
                    </Button>
                  ) : null}
                </Stack>
              </ListItem>
            );
          })}
        </List>
        {milestone.outcome.title ? (
          <Box sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="h3" sx={{ fontSize: '1rem' }}>
              What you will have: {milestone.outcome.title}
            </Typography>
            <Markdown source={milestone.outcome.description} sx={{ fontSize: '0.9375rem' }} />
          </Box>
        ) : null}
        {milestone.expert ? (
          <Box sx={{ mt: 3 }}>
            <ExpertCard
              expert={milestone.expert}
              actions={<ExpertActionsSlot expert={milestone.expert} missions={milestone.userMission} />}
            />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The program map (spec section 2): milestones as boxes along a path; opening one shows its missions. */
export function ProgramsPage() {
  const programs = useProgramsQuery();
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const program = programs.data ? currentProgram(programs.data) : null;
  const requested = params.get('milestone');
  const selected =
    program?.userMilestone.find((m) => m.id === requested) ??
    (program ? currentMilestone(program.userMilestone) : null);

  useEffect(() => {
    if (requested) document.getElementById(panelId)?.scrollIntoView?.({ block: 'nearest' });
  }, [requested, panelId]);

  if (programs.isLoading) return <PageSkeleton label="Loading your program map" cards={2} height={200} />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageTitle>Programs</PageTitle>
      {programs.isError ? (
        <LoadError error={programs.error} onRetry={() => void programs.refetch()} what="your program" />
      ) : !program ? (
        <EmptyState
          icon={<MapIcon fontSize="inherit" />}
          title="You are not enrolled in a program yet"
          action={
            <Button component={RouterLink} to={paths.tutorial} variant="contained" startIcon={<SchoolIcon />}>
              Take the tour
            </Button>
          }
        >
          Your program map appears here once you are enrolled, which happens when you finish setting up your
          profile.
        </EmptyState>
      ) : (
        <>
          <Card component="section" aria-labelledby="program-title">
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <ContentIcon src={program.iconUrl} size={48} />
                <Typography id="program-title" variant="h2" sx={{ fontSize: '1.375rem', minWidth: 0 }}>
                  {program.name}
                </Typography>
              </Stack>
              {/* Below the title, not beside the icon: on a phone the icon's column left the summary a third of
                  the width. From sm up it lines up with the title (48 px icon + 16 px gap). */}
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', maxWidth: '75ch', mt: 1, mb: 2, pl: { sm: 8 } }}
              >
                {program.summary}
              </Typography>
              <ProgressBar value={programProgress(program).percent} label={`${program.name} progress`} />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3, mb: 2 }}>
                Choose a milestone to see its missions.
              </Typography>
              <ProgramMap
                milestones={program.userMilestone}
                selectedId={selected?.id ?? null}
                panelId={panelId}
                onSelect={(id) => setParams({ milestone: id }, { replace: true, preventScrollReset: true })}
              />
            </CardContent>
          </Card>
          {selected ? <MilestonePanel program={program} milestone={selected} panelId={panelId} /> : null}
        </>
      )}
    </Stack>
  );
}

import { useEffect, useId } from 'react';
import type { Milestone, Program } from '@liftoff/contracts/programs';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
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
import '../../../components/plain.css';
import './programs-page.css';
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
    <section
      className="plain-card programs-panel"
      id={panelId}
      aria-labelledby={`${panelId}-title`}
      tabIndex={-1}
    >
      <div className="plain-card__content">
        <div className="programs-panel__head">
          <ContentIcon src={milestone.iconUrl} size={56} muted={milestone.status === 'LOCKED'} />
          <div className="programs__grow">
            <span className="plain-overline plain-secondary">
              Milestone {milestone.index} of {program.userMilestone.length}
            </span>
            <h2 id={`${panelId}-title`} className="plain-h2 programs__title">
              {milestone.name}
            </h2>
            <p className="plain-body1 plain-secondary">{milestone.overviewSubtitle}</p>
          </div>
          <span className="programs-panel__status">
            <StatusChip status={milestone.status} />
          </span>
        </div>
        <p className="plain-body1 programs__measure">{milestone.description}</p>
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
          <p className="plain-body2 plain-secondary programs-panel__locked">
            Locked: it opens when you complete milestone {milestone.index - 1}.
          </p>
        ) : null}

        <h3 className="plain-h3 programs-panel__missions-title">Missions</h3>
        <ul className="programs-missions" aria-label={`Missions of ${milestone.name}`}>
          {missions.map((mission) => {
            const progress = missionProgress(mission);
            const resume = nextOpenStep(mission.userStep);
            const open = mission.status !== 'LOCKED' && milestone.status !== 'LOCKED';
            return (
              <li key={mission.id} className="programs-mission">
                <div className="programs-mission__row">
                  <div className="programs__grow">
                    <div className="programs-mission__name-row">
                      <h4 className="plain-body1 programs-mission__name">
                        {mission.index}. {mission.name}
                      </h4>
                      <StatusChip status={mission.status} notStarted={!missionStarted(mission)} />
                    </div>
                    <p className="plain-body2 plain-secondary programs__measure programs-mission__summary">
                      {mission.summary}
                    </p>
                    <span className="plain-caption plain-secondary">
                      {mission.userStep.length} steps · about {minutes(mission.estimatedMinutes)}
                      {mission.deliverable ? ' · one deliverable' : ''}
                    </span>
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
                      <p className="plain-body2 plain-secondary programs-mission__caption">
                        {missionProgressCaption(mission)}
                      </p>
                    ) : null}
                  </div>
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
                </div>
              </li>
            );
          })}
        </ul>
        {milestone.outcome.title ? (
          <div className="programs-panel__outcome">
            <h3 className="plain-h3 programs-panel__outcome-title">
              What you will have: {milestone.outcome.title}
            </h3>
            <Markdown source={milestone.outcome.description} sx={{ fontSize: '0.9375rem' }} />
          </div>
        ) : null}
        {milestone.expert ? (
          <div className="programs-panel__expert">
            <ExpertCard
              expert={milestone.expert}
              actions={<ExpertActionsSlot expert={milestone.expert} missions={milestone.userMission} />}
            />
          </div>
        ) : null}
      </div>
    </section>
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
    <div className="programs">
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
          <section className="plain-card" aria-labelledby="program-title">
            <div className="plain-card__content">
              <div className="programs-head">
                <ContentIcon src={program.iconUrl} size={48} />
                <h2 id="program-title" className="plain-h2 programs__title">
                  {program.name}
                </h2>
              </div>
              {/* Below the title, not beside the icon: on a phone the icon's column left the summary a third of
                  the width. From sm up it lines up with the title (48 px icon + 16 px gap). */}
              <p className="plain-body2 plain-secondary programs__measure programs-head__summary">
                {program.summary}
              </p>
              <ProgressBar value={programProgress(program).percent} label={`${program.name} progress`} />
              <p className="plain-body2 plain-secondary programs-head__choose">
                Choose a milestone to see its missions.
              </p>
              <ProgramMap
                milestones={program.userMilestone}
                selectedId={selected?.id ?? null}
                panelId={panelId}
                onSelect={(id) => setParams({ milestone: id }, { replace: true, preventScrollReset: true })}
              />
            </div>
          </section>
          {selected ? <MilestonePanel program={program} milestone={selected} panelId={panelId} /> : null}
        </>
      )}
    </div>
  );
}

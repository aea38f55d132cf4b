import type { MilestoneOutline, MissionOutline, ProgramOutline } from '@liftoff/contracts/programs';
import { useSelector } from 'react-redux';
import Skeleton from '@mui/material/Skeleton';
import { buildPath, paths } from '../../../config/paths';
import { useFirstArrivalDeferred } from '../../../lib/first-arrival';
import { selectSessionUser } from '../../../lib/session';
import { useProgramsOutlineQuery } from '../api';
import { ContentIcon } from '../components/content-icon';
import { ExpertActionsSlot, PopularQuestionsSlot } from '../../../components/feature-slots';
import { ExpertCard } from '../components/expert-card';
import { MilestoneRings } from '../components/milestone-rings';
import { LoadError } from '../../../components/page-states';
import { iconPaths } from '../../../components/icon-paths';
import { ArrowRight, FileUp, GraduationCap, Map as MapIcon, Trophy } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { PlainIcon } from '../../../components/plain-icon';
import '../../../components/plain.css';
import './overview-page.css';
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

/**
 * The first screen (the welcome, what is next, the to-do) is drawn with plain elements and the shared plain
 * stylesheet, as the shell is: it is every founder's landing page, and each MUI Typography, Box, Stack or icon
 * is a styled component whose styles are serialized in its first commit (decisions 051, 052), and so is each
 * MUI Button (decision 057).
 */

function OverviewSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your overview" role="status">
      <Skeleton variant="text" width="50%" height={48} />
      <Skeleton variant="text" width="30%" />
      <Skeleton variant="rounded" height={180} sx={{ mt: 3 }} />
    </div>
  );
}

function ProgramSkeleton() {
  return (
    <div className="overview" aria-busy="true" aria-label="Loading your program" role="status">
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={200} />
    </div>
  );
}

function NotEnrolledCard() {
  return (
    <section className="plain-card overview-next" aria-labelledby="next-action-title">
      <div className="plain-card__content overview-next__row">
        <span className="overview-next__tour-icon">
          <PlainIcon d={iconPaths.map} className="plain-icon--inherit" />
        </span>
        <div className="overview-next__body">
          <span className="plain-overline overview-next__kicker overview-next__kicker--accent">Next</span>
          <h2 id="next-action-title" className="plain-h2 overview-next__title overview-next__title--small">
            Your program appears here once you are enrolled
          </h2>
          <p className="plain-body1 plain-secondary overview-next__detail">
            You are not enrolled in a program yet. Until then, the product tour explains how programs, experts
            and the AI coach fit together.
          </p>
        </div>
        <div className="overview-next__actions overview-next__actions--narrow">
          <ButtonLink to={paths.tutorial} icon={<GraduationCap />}>
            Take the tour
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

type NextAction = { label: string; to: string; Icon: LucideIcon; detail: string };

function nextActionFor(mission: MissionOutline): NextAction {
  if (awaitsDeliverable(mission)) {
    const title = mission.deliverable?.title ?? 'your deliverable';
    const putOff = deferredSteps(mission.userStep).length;
    return {
      label: 'Hand in your deliverable',
      to: buildPath.missionDeliverable(mission.id),
      Icon: FileUp,
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
    Icon: ArrowRight,
    detail: step ? `Next step: ${step.title} · about ${minutes(step.estimatedMinutes)}` : mission.summary,
  };
}

function NextCard({ program, milestone }: { program: ProgramOutline; milestone: MilestoneOutline | null }) {
  const mission = milestone && milestone.status === 'ONGOING' ? currentMission(milestone.userMission) : null;
  const action = mission ? nextActionFor(mission) : null;
  return (
    <section className="plain-card overview-next" aria-labelledby="next-action-title">
      <div className="plain-card__content overview-next__row">
        {milestone ? <ContentIcon src={milestone.iconUrl} size={64} /> : null}
        <div className="overview-next__body">
          <span className="plain-overline plain-secondary overview-next__kicker">
            {program.name}
            {milestone ? ` · Milestone ${milestone.index} of ${program.userMilestone.length}` : ''}
          </span>
          {mission && milestone && action ? (
            <>
              <p className="plain-body2 plain-secondary">
                {milestone.name} — {milestone.overviewSubtitle}
              </p>
              <h2 id="next-action-title" className="plain-h2 overview-next__title">
                {mission.name}
              </h2>
              <p className="plain-body1 plain-secondary overview-next__detail">{action.detail}</p>
            </>
          ) : (
            <>
              <h2 id="next-action-title" className="plain-h2 overview-next__title">
                {program.status === 'COMPLETED' ? 'You finished the program' : 'Nothing open right now'}
              </h2>
              <p className="plain-body1 plain-secondary overview-next__detail">
                {program.status === 'COMPLETED'
                  ? 'Every milestone is complete. Your work is kept in your outcomes, ready to share.'
                  : 'Open the program map to see where each milestone stands.'}
              </p>
            </>
          )}
        </div>
        <div className="overview-next__actions">
          {action ? (
            <ButtonLink to={action.to} size="large" endIcon={<action.Icon />}>
              {action.label}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.outcomesRepository} icon={<Trophy />}>
              See your outcomes
            </ButtonLink>
          )}
          <ButtonLink to={paths.programs} variant="outline" icon={<MapIcon />}>
            Open the program map
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function ProgressCard({ program }: { program: ProgramOutline }) {
  const overall = programProgress(program);
  const completed = program.userMilestone.filter((m) => m.status === 'COMPLETED').length;
  return (
    <section className="plain-card" aria-labelledby="progress-title">
      <div className="plain-card__content">
        <h2 id="progress-title" className="plain-h2 overview-progress__title">
          Your progress
        </h2>
        <ProgressBar
          value={overall.percent}
          label={`${program.name} progress`}
          caption={`${completed} of ${program.userMilestone.length} milestones complete`}
        />
        <div className="overview-progress__rings">
          <MilestoneRings milestones={program.userMilestone} />
        </div>
      </div>
    </section>
  );
}

/** A pointer to the blog for the few minutes between calls. */
function ExploreInvite() {
  return (
    <section className="plain-card" aria-labelledby="explore-title">
      <div className="plain-card__content overview-explore">
        <PlainIcon d={iconPaths.explore} className="overview-explore__icon" />
        <div className="overview-explore__body">
          <h2 id="explore-title" className="plain-h2 overview-explore__title">
            Five minutes between calls?
          </h2>
          <p className="plain-body2 plain-secondary">Explore has short reads for founders.</p>
        </div>
        <ButtonLink variant="ghost" to={buildPath.explore()}>
          Go to Explore
        </ButtonLink>
      </div>
    </section>
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
    <div className="overview">
      <div>
        <h1 className="plain-h1 overview__welcome">Welcome{user.firstName ? `, ${user.firstName}` : ''}</h1>
        {startupName ? (
          <div className="overview__startup">
            <p className="plain-body1 plain-secondary">
              Building <strong>{startupName}</strong>
            </p>
            {stage ? <Chip label={stage} /> : null}
            {industry ? <Chip outlined label={industry} /> : null}
          </div>
        ) : null}
      </div>

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
    </div>
  );
}

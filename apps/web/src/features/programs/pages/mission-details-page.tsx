import { useEffect, useState } from 'react';
import type { Mission, NextStepResult, Step as MissionStep } from '@liftoff/contracts/programs';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { useFirstArrivalDeferred } from '../../../lib/first-arrival';
import { buildPath, paths } from '../../../config/paths';
import { useMilestoneQuery, useMissionQuery } from '../api';
import { AskFromStepSlot } from '../../../components/feature-slots';
import { CompletionMoment } from '../components/completion-moment';
import { EmptyState, PageSkeleton, PageTitle } from '../../../components/page-states';
import { PageLoadError } from '../components/page-load-error';
import { ProgressBar } from '../components/progress-ring';
import { StatusChip } from '../components/status';
import { formatDate } from '../lib/format';
import {
  awaitsDeliverable,
  deferredSteps,
  missionProgress,
  missionProgressCaption,
  missionStarted,
  resolveStep,
} from '../lib/progress';
import { StepView } from '../components/step-view';
import { MissionStepper } from '../components/mission-stepper';
import { MissionContributionsCard } from '../components/mission-contributions';
import { iconPaths } from '../../../components/icon-paths';
import { PlainIcon } from '../../../components/plain-icon';
import '../../../components/plain.css';
import './mission-details-page.css';

type Celebration = Pick<NextStepResult, 'milestoneCompleted' | 'unlockedMilestoneId'>;

function DeliverableCard({ mission }: { mission: Mission }) {
  if (!mission.deliverable) return null;
  const handedIn = mission.attachments.length;
  const waiting = awaitsDeliverable(mission);
  return (
    <section
      aria-labelledby="deliverable-title"
      className={`plain-card${waiting ? ' mission__card--waiting' : ''}`}
    >
      <div className="mission__card-content">
        <span className="plain-overline plain-secondary">Mission deliverable</span>
        <h2 id="deliverable-title" className="plain-h2 mission__card-title">
          {mission.deliverable.title}
        </h2>
        <p className="plain-body2 plain-secondary mission__card-detail">{mission.deliverable.description}</p>
        {waiting ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            Every step is done or put off. Hand in your deliverable to complete the mission.
          </Alert>
        ) : null}
        <div className="mission__card-row">
          <Button
            component={RouterLink}
            to={buildPath.missionDeliverable(mission.id)}
            variant={waiting ? 'contained' : 'outlined'}
            startIcon={<PlainIcon d={iconPaths.uploadFile} />}
          >
            {handedIn ? 'Manage your files' : 'Hand in your deliverable'}
          </Button>
          <p className="plain-body2 plain-secondary">
            {handedIn ? `${handedIn} file${handedIn > 1 ? 's' : ''} handed in` : 'Nothing handed in yet'}
          </p>
        </div>
      </div>
    </section>
  );
}

function DeferredCard({ mission, currentId }: { mission: Mission; currentId: string }) {
  const deferred = deferredSteps(mission.userStep);
  if (!deferred.length) return null;
  return (
    <section className="plain-card" aria-labelledby="deferred-title">
      <div className="mission__card-content">
        <h2 id="deferred-title" className="plain-h2 mission__card-title">
          Put off for later
        </h2>
        <p className="plain-body2 plain-secondary">
          These steps do not hold the mission back. Finish them whenever you are ready.
        </p>
        <ul className="mission__deferred">
          {deferred.map((step) => (
            <li key={step.id} className="mission__deferred-step">
              <p className="plain-body1 mission__deferred-title">
                {step.index}. {step.title}
              </p>
              {step.id === currentId ? (
                <p className="plain-body2 plain-secondary">Open above</p>
              ) : (
                <Link component={RouterLink} to={buildPath.missionDetails(mission.id, step.id)}>
                  Finish “{step.title}”
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The mission's summary; on a phone cut to two lines with a way to read the rest, so the step the founder
 * came for starts in the first screenful.
 */
function MissionSummary({ summary }: { summary: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('tablet'));
  const [open, setOpen] = useState(false);
  const clamped = phone && !open;
  return (
    <div className="mission__summary">
      <p className={`plain-body1 plain-secondary${clamped ? ' mission__summary-text--clamped' : ''}`}>
        {summary}
      </p>
      {phone ? (
        <Link component="button" variant="body2" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Show less' : 'More about this mission'}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The milestone's expert, asked from the step on screen (nothing while the milestone loads or has none). The
 * milestone is asked for once the step is on screen (it is drawn then): the step comes first on a slow
 * connection.
 */
function AskAboutStep({ mission, step }: { mission: Mission; step: MissionStep }) {
  const { data } = useMilestoneQuery(mission.userMilestone.id);
  if (!data?.expert) return null;
  return (
    <AskFromStepSlot
      expert={data.expert}
      missionId={mission.id}
      missionName={mission.name}
      stepId={step.id}
      stepTitle={step.title}
    />
  );
}

/** Mission details (spec section 2): a stepper through the steps, content, worksheets, next and do later. */
export function MissionDetailsPage() {
  const { missionId = '', stepId } = useParams();
  const navigate = useNavigate();
  const mission = useFirstArrivalDeferred(useMissionQuery(missionId, { skip: !missionId }));
  const [celebration, setCelebration] = useState<Celebration | null>(null);

  // A different mission starts without the previous one's celebration.
  useEffect(() => setCelebration(null), [missionId]);

  if (mission.isLoading) return <PageSkeleton label="Loading the mission" cards={2} height={220} />;
  // A failed refetch (offline after "Next") keeps the mission on screen: only a first load that failed
  // replaces it with the error.
  if (!mission.data) {
    return <PageLoadError title="Mission" query={mission} what="this mission" maxWidth={1100} />;
  }

  const data = mission.data;
  const milestone = data.userMilestone;
  const current = resolveStep(data.userStep, stepId);
  const progress = missionProgress(data);
  const outcomePath = buildPath.milestoneOutcome(milestone.userProgramId, milestone.id, data.id);

  const onAdvanced = (result: NextStepResult, step: MissionStep) => {
    if (result.missionCompleted) {
      setCelebration({
        milestoneCompleted: result.milestoneCompleted,
        unlockedMilestoneId: result.unlockedMilestoneId,
      });
      window.scrollTo({ top: 0 });
      return;
    }
    const target = result.nextStepId ?? resolveStep(result.mission.userStep, undefined)?.id;
    if (target && target !== step.id) navigate(buildPath.missionDetails(data.id, target));
    else if (!result.nextStepId) navigate(buildPath.missionDetails(data.id));
  };

  return (
    <div className="mission">
      <div>
        <Link
          component={RouterLink}
          to={`${paths.programs}?milestone=${encodeURIComponent(milestone.id)}`}
          variant="body2"
        >
          Milestone {milestone.index}: {milestone.name}
        </Link>
        <div className="mission__title-row">
          <PageTitle>{data.name}</PageTitle>
          <StatusChip status={data.status} notStarted={!missionStarted(data)} />
        </div>
        <MissionSummary summary={data.summary} />
        <div className="mission__progress">
          <ProgressBar
            value={progress.percent}
            label="Mission progress"
            caption={missionProgressCaption(data)}
          />
        </div>
      </div>

      {celebration ? (
        <CompletionMoment
          title={celebration.milestoneCompleted ? 'Milestone complete!' : 'Mission complete!'}
          actions={
            <>
              {celebration.milestoneCompleted ? (
                <Button
                  component={RouterLink}
                  to={outcomePath}
                  variant="contained"
                  color="secondary"
                  startIcon={<EmojiEventsIcon />}
                >
                  See the milestone outcome
                </Button>
              ) : null}
              <Button
                component={RouterLink}
                to={paths.overview}
                variant={celebration.milestoneCompleted ? 'outlined' : 'contained'}
              >
                Back to your overview
              </Button>
              <Button
                component={RouterLink}
                to={`${paths.programs}?milestone=${encodeURIComponent(celebration.unlockedMilestoneId ?? milestone.id)}`}
                variant="outlined"
              >
                {celebration.unlockedMilestoneId ? 'Open the next milestone' : 'Pick the next mission'}
              </Button>
            </>
          }
        >
          <Typography>
            {celebration.milestoneCompleted
              ? `You completed “${milestone.name}”. Its outcome is ready to look back on and share.`
              : `You completed “${data.name}”. Everything you wrote and handed in is kept in your outcomes.`}
          </Typography>
        </CompletionMoment>
      ) : data.status === 'COMPLETED' ? (
        <Alert
          severity="success"
          action={
            milestone.status === 'COMPLETED' ? (
              <Button component={RouterLink} to={outcomePath} color="inherit" size="small">
                Milestone outcome
              </Button>
            ) : undefined
          }
        >
          You completed this mission{data.completedAt ? ` on ${formatDate(data.completedAt)}` : ''}. Steps put
          off for later can still be finished.
        </Alert>
      ) : null}

      {!current ? (
        <EmptyState
          icon={<AssignmentIcon fontSize="inherit" />}
          title="This mission has no steps"
          action={
            <Button component={RouterLink} to={paths.programs} variant="contained">
              Back to the program map
            </Button>
          }
        >
          There is nothing to work through here. Pick another mission on the program map.
        </EmptyState>
      ) : (
        <>
          <MissionStepper mission={data} current={current} />
          <div className="mission__body">
            <StepView key={current.id} mission={data} step={current} onAdvanced={onAdvanced} />
            {/* Below the step on a phone: drawn a frame after it (bench/lighthouse.mjs). */}
            <AfterFirstPaint>
              <div className="mission__aside">
                <AskAboutStep mission={data} step={current} />
                <DeliverableCard mission={data} />
                <MissionContributionsCard missionId={data.id} />
                <DeferredCard mission={data} currentId={current.id} />
              </div>
            </AfterFirstPaint>
          </div>
        </>
      )}
    </div>
  );
}

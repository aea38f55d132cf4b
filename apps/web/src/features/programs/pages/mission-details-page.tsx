import { useEffect, useRef, useState } from 'react';
import type { Mission, NextStepResult, Step as MissionStep } from '@liftoff/contracts/programs';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { buildPath, paths } from '../../../config/paths';
import { useMissionQuery, useNextStepMutation, useRateStepMutation, useSaveWorksheetMutation } from '../api';
import { CompletionMoment } from '../components/completion-moment';
import { Markdown } from '../components/markdown';
import { EmptyState, PageSkeleton, PageTitle } from '../../../components/page-states';
import { PageLoadError } from '../components/page-load-error';
import { ProgressBar } from '../components/progress-ring';
import { StatusChip } from '../components/status';
import { WorksheetForm } from '../components/worksheet-form';
import { formatDate, minutes } from '../lib/format';
import { apiHref } from '../lib/urls';
import { awaitsDeliverable, byIndex, deferredSteps, missionProgress, resolveStep } from '../lib/progress';

type Celebration = Pick<NextStepResult, 'milestoneCompleted' | 'unlockedMilestoneId'>;

const sameAnswers = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

function StepRating({ step, missionId }: { step: MissionStep; missionId: string }) {
  const [rate, rating] = useRateStepMutation();
  const labelId = `rating-${step.id}`;
  return (
    <Box>
      <Typography id={labelId} component="legend" sx={{ fontWeight: 600 }}>
        How useful was this step?
      </Typography>
      <Rating
        name={`rating-${step.id}`}
        value={step.rating}
        disabled={rating.isLoading}
        onChange={(_event, value) => {
          if (value) void rate({ stepId: step.id, missionId, rating: value });
        }}
        getLabelText={(value) =>
          `${value} of 5${value === 1 ? ' — not useful' : value === 5 ? ' — very useful' : ''}`
        }
        aria-labelledby={labelId}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}

function StepView({
  mission,
  step,
  onAdvanced,
}: {
  mission: Mission;
  step: MissionStep;
  onAdvanced: (result: NextStepResult, step: MissionStep) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const saved = step.worksheet?.answers ?? {};
  const [answers, setAnswers] = useState<Record<string, string>>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveWorksheetMutation();
  const [next, advancing] = useNextStepMutation();
  const dirty = Boolean(step.worksheet) && !sameAnswers(answers, saved);
  const ordered = byIndex(mission.userStep);
  const following = ordered.find((s) => s.index > step.index && s.status !== 'LOCKED');
  const busy = saving.isLoading || advancing.isLoading;

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const saveAnswers = async (): Promise<boolean> => {
    const result = await save({ stepId: step.id, missionId: mission.id, answers });
    if ('error' in result) {
      const details = (result.error as { details?: { path: string; message: string }[] }).details ?? [];
      setErrors(Object.fromEntries(details.map((d) => [d.path.replace(/^answers\./, ''), d.message])));
      return false;
    }
    setErrors({});
    return true;
  };

  const advance = async (doLater: boolean) => {
    if (dirty && !(await saveAnswers())) return;
    const result = await next({ stepId: step.id, doLater, missionId: mission.id });
    if ('data' in result && result.data) onAdvanced(result.data, step);
  };

  const open = step.status === 'ONGOING';
  return (
    <Card component="article" aria-labelledby={`step-title-${step.id}`}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1, alignItems: 'center' }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            Step {step.index} of {ordered.length}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            icon={step.type === 'TOOL' ? <AssignmentIcon /> : undefined}
            label={step.type === 'TOOL' ? 'Worksheet' : 'Reading'}
          />
          <Chip
            size="small"
            variant="outlined"
            icon={<ScheduleIcon />}
            label={`about ${minutes(step.estimatedMinutes)}`}
          />
          {step.status === 'COMPLETED' ? <StatusChip status="COMPLETED" /> : null}
          {step.doLater && step.status !== 'COMPLETED' ? (
            <Chip size="small" color="secondary" label="Put off for later" />
          ) : null}
        </Stack>
        <Typography
          id={`step-title-${step.id}`}
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: { xs: '1.375rem', sm: '1.625rem' }, outline: 'none' }}
        >
          {step.title}
        </Typography>

        {step.status === 'LOCKED' ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            This step opens when you finish or put off the step before it.
          </Alert>
        ) : (
          <>
            <Markdown source={step.body} dropTitle sx={{ mt: 2 }} />

            {step.toolUrl ? (
              <Button
                component="a"
                href={apiHref(step.toolUrl)}
                download
                variant="outlined"
                startIcon={<DownloadIcon />}
                sx={{ mt: 2 }}
              >
                Download the template
              </Button>
            ) : null}

            {step.worksheet ? (
              <Box
                component="section"
                aria-labelledby={`worksheet-${step.id}`}
                sx={{ mt: 4, maxWidth: '75ch' }}
              >
                <Typography id={`worksheet-${step.id}`} variant="h3" sx={{ fontSize: '1.125rem', mb: 2 }}>
                  Your worksheet
                </Typography>
                <WorksheetForm
                  worksheet={step.worksheet}
                  answers={answers}
                  errors={errors}
                  idPrefix={`ws-${step.id}`}
                  onChange={(key, value) => setAnswers((prev) => ({ ...prev, [key]: value }))}
                />
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                >
                  <Button
                    variant="outlined"
                    onClick={() => void saveAnswers()}
                    loading={saving.isLoading}
                    disabled={!dirty}
                  >
                    Save answers
                  </Button>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                    {dirty
                      ? 'Unsaved changes'
                      : step.worksheet.updatedAt
                        ? `Saved ${formatDate(step.worksheet.updatedAt)}`
                        : 'Nothing saved yet'}
                  </Typography>
                </Stack>
              </Box>
            ) : null}

            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 4, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Button
                component={RouterLink}
                to={buildPath.aiWorkspaceAboutStep(
                  step.id,
                  step.title,
                  step.worksheet
                    ? `Review my answers for “${step.title}”`
                    : `Help me apply “${step.title}” to my startup`,
                )}
                variant="outlined"
                startIcon={<AutoAwesomeIcon />}
              >
                Ask the coach about this step
              </Button>
              {step.worksheet && dirty ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Save your answers first: the coach reads what is saved.
                </Typography>
              ) : null}
            </Stack>

            <Box sx={{ mt: 4 }}>
              <StepRating step={step} missionId={mission.id} />
            </Box>

            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              sx={{ mt: 4, justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
            >
              {open && !step.doLater ? (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<ScheduleIcon />}
                    onClick={() => void advance(true)}
                    disabled={busy}
                  >
                    Do later
                  </Button>
                  <Button
                    variant="contained"
                    endIcon={<ArrowForwardIcon />}
                    onClick={() => void advance(false)}
                    loading={advancing.isLoading}
                    disabled={busy}
                  >
                    Next
                  </Button>
                </>
              ) : open && step.doLater ? (
                <Button
                  variant="contained"
                  onClick={() => void advance(false)}
                  loading={advancing.isLoading}
                  disabled={busy}
                >
                  Mark as done
                </Button>
              ) : following ? (
                <Button
                  component={RouterLink}
                  to={buildPath.missionDetails(mission.id, following.id)}
                  variant="outlined"
                  endIcon={<ArrowForwardIcon />}
                >
                  Next step
                </Button>
              ) : null}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function MissionStepper({ mission, current }: { mission: Mission; current: MissionStep }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('tablet'));
  const navigate = useNavigate();
  const ordered = byIndex(mission.userStep);
  return (
    <Box component="nav" aria-label="Steps of this mission">
      <Stepper
        nonLinear
        activeStep={ordered.findIndex((s) => s.id === current.id)}
        orientation={phone ? 'vertical' : 'horizontal'}
        alternativeLabel={!phone}
      >
        {ordered.map((step) => {
          const deferred = step.doLater && step.status !== 'COMPLETED';
          const caption =
            step.status === 'LOCKED'
              ? 'Locked'
              : deferred
                ? 'Put off for later'
                : step.status === 'COMPLETED'
                  ? 'Done'
                  : step.id === current.id
                    ? 'Current'
                    : 'Open';
          return (
            <Step key={step.id} completed={step.status === 'COMPLETED'} disabled={step.status === 'LOCKED'}>
              <StepButton
                onClick={() => navigate(buildPath.missionDetails(mission.id, step.id))}
                disabled={step.status === 'LOCKED'}
                aria-current={step.id === current.id ? 'step' : undefined}
                optional={
                  <Typography
                    variant="caption"
                    sx={{
                      color: deferred ? 'secondary.dark' : 'text.secondary',
                      fontWeight: deferred ? 700 : 400,
                    }}
                  >
                    {caption}
                  </Typography>
                }
              >
                <StepLabel error={false}>{step.title}</StepLabel>
              </StepButton>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}

function DeliverableCard({ mission }: { mission: Mission }) {
  if (!mission.deliverable) return null;
  const handedIn = mission.attachments.length;
  const waiting = awaitsDeliverable(mission);
  return (
    <Card
      component="section"
      aria-labelledby="deliverable-title"
      sx={waiting ? { borderLeft: 6, borderColor: 'secondary.main' } : undefined}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          Mission deliverable
        </Typography>
        <Typography id="deliverable-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
          {mission.deliverable.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, maxWidth: '75ch' }}>
          {mission.deliverable.description}
        </Typography>
        {waiting ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            Every step is done or put off. Hand in your deliverable to complete the mission.
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component={RouterLink}
            to={buildPath.missionDeliverable(mission.id)}
            variant={waiting ? 'contained' : 'outlined'}
            startIcon={<UploadFileIcon />}
          >
            {handedIn ? 'Manage your files' : 'Hand in your deliverable'}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {handedIn ? `${handedIn} file${handedIn > 1 ? 's' : ''} handed in` : 'Nothing handed in yet'}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeferredCard({ mission, currentId }: { mission: Mission; currentId: string }) {
  const deferred = deferredSteps(mission.userStep);
  if (!deferred.length) return null;
  return (
    <Card component="section" aria-labelledby="deferred-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="deferred-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
          Put off for later
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          These steps do not hold the mission back. Finish them whenever you are ready.
        </Typography>
        <List dense disablePadding sx={{ mt: 1 }}>
          {deferred.map((step) => (
            <ListItem key={step.id} disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
              <Typography sx={{ flex: 1, minWidth: 160 }}>
                {step.index}. {step.title}
              </Typography>
              {step.id === currentId ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Open above
                </Typography>
              ) : (
                <Link component={RouterLink} to={buildPath.missionDetails(mission.id, step.id)}>
                  Finish “{step.title}”
                </Link>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** Mission details (spec section 2): a stepper through the steps, content, worksheets, next and do later. */
export function MissionDetailsPage() {
  const { missionId = '', stepId } = useParams();
  const navigate = useNavigate();
  const mission = useMissionQuery(missionId, { skip: !missionId });
  const [celebration, setCelebration] = useState<Celebration | null>(null);

  // A different mission starts without the previous one's celebration.
  useEffect(() => setCelebration(null), [missionId]);

  if (mission.isLoading) return <PageSkeleton label="Loading the mission" cards={2} height={220} />;
  if (mission.isError || !mission.data) {
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
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Link
          component={RouterLink}
          to={`${paths.programs}?milestone=${encodeURIComponent(milestone.id)}`}
          variant="body2"
        >
          Milestone {milestone.index}: {milestone.name}
        </Link>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}
        >
          <PageTitle>{data.name}</PageTitle>
          <StatusChip status={data.status} />
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '75ch' }}>{data.summary}</Typography>
        <Box sx={{ mt: 2, maxWidth: 480 }}>
          <ProgressBar value={progress.percent} label="Mission progress" />
        </Box>
      </Box>

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
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', laptop: 'minmax(0, 1fr) 320px' },
              alignItems: 'start',
            }}
          >
            <StepView key={current.id} mission={data} step={current} onAdvanced={onAdvanced} />
            <Stack spacing={3}>
              <DeliverableCard mission={data} />
              <DeferredCard mission={data} currentId={current.id} />
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { Mission, NextStepResult, Step as MissionStep } from '@liftoff/contracts/programs';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ClipboardList, Clock } from 'lucide-react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { iconPaths } from '../../../components/icon-paths';
import { PlainIcon } from '../../../components/plain-icon';
import { Chip } from '../../../components/ui/chip';
import '../../../components/plain.css';
import { buildPath } from '../../../config/paths';
import { errorMessage, errorStatus } from '../../../lib/api';
import { clearDraft, readDraft, useDraft, writeDraft } from '../../../lib/drafts';
import { onReconnect } from '../../../lib/online';
import { programsApi, useNextStepMutation, useRateStepMutation } from '../api';
import { AnswerConflictDialog } from './answer-conflict-dialog';
import type { AnswerConflict } from './answer-conflict-dialog';
import { useFieldSaves } from './use-field-saves';
import { ContentHtml } from './content-html';
import { StatusChip } from './status';
import { WorksheetForm } from './worksheet-form';
import { formatDate, minutes } from '../lib/format';
import { apiHref } from '../lib/urls';
import { byIndex, putOffAtCompletion, putOffQuestion } from '../lib/progress';
import './step-view.css';

const sameAnswers = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

function StepRating({ step, missionId }: { step: MissionStep; missionId: string }) {
  const [rate, rating] = useRateStepMutation();
  const labelId = `rating-${step.id}`;
  return (
    <div className="step-view__rating">
      <legend id={labelId} className="plain-body1 step-view__rating-label">
        How useful was this step?
      </legend>
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
    </div>
  );
}

const OFFLINE_PROBLEM =
  'Could not reach Liftoff. Your answers are kept on this device and sent again when the connection returns.';

export function StepView({
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
  // A draft kept on this device wins over the saved answers until it is saved: nothing typed is lost.
  const [answers, setAnswers, dropDraft] = useDraft<Record<string, string>>(`worksheet.${step.id}`, saved);
  /** What to do again when the connection returns, after a save or step change failed offline. */
  const pending = useRef<(() => void) | null>(null);
  const retryKey = `worksheet.${step.id}.retry`;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labelOf = (key: string) => step.worksheet?.fields.find((f) => f.key === key)?.label ?? key;
  // Who saved a field last is named in a conflict when the mission's "who did what" is already loaded.
  const people = programsApi.endpoints.missionContributions.useQueryState(mission.id).data?.people;
  const fields = useFieldSaves({
    step,
    missionId: mission.id,
    saved,
    labelOf,
    nameOf: (userId) => people?.find((p) => p.userId === userId)?.name ?? null,
    setAnswers,
  });
  const saving = fields.saving;
  const [next, advancing] = useNextStepMutation();
  const navigate = useNavigate();
  /** Why the last save or step change failed, said next to the buttons rather than in a toast. */
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const dirty = Boolean(step.worksheet) && !sameAnswers(answers, saved);
  const ordered = byIndex(mission.userStep);
  const following = ordered.find((s) => s.index > step.index && s.status !== 'LOCKED');
  const busy = saving || advancing.isLoading;

  // Keyboard and screen-reader users start at the step shown: its heading takes the focus. Two frames later,
  // not in the effect: focusing there made the browser lay out the whole page in the middle of React's work on
  // a mission's first load; after a frame has been drawn the layout is already done.
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    // A save that failed offline is owed even after leaving the step: send it once this step shows again.
    if (readDraft(retryKey) && navigator.onLine) void saveAnswers();
    return onReconnect(() => {
      const again = pending.current;
      pending.current = null;
      again?.();
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per step shown

  /** Says what failed in place; a failure to reach the server is tried again once back online. */
  const failed = (error: unknown, again: () => void) => {
    if (errorStatus(error) === 0) {
      pending.current = again;
      setProblem(OFFLINE_PROBLEM);
    } else setProblem(errorMessage(error));
  };

  /** Field errors from an answer's details, shown under each field; true when there were any. */
  const showFieldErrors = (error: unknown): boolean => {
    const details = (error as { details?: { path: string; message: string }[] }).details ?? [];
    const fields = details.filter((d) => d.path.startsWith('answers.'));
    setErrors(Object.fromEntries(fields.map((d) => [d.path.replace(/^answers\./, ''), d.message])));
    return fields.length > 0;
  };
  const requiredProblem = (keys: string[]) =>
    `Fill in the required ${keys.length === 1 ? 'field' : 'fields'} first: ${keys.map(labelOf).join(', ')}.`;

  /** Saves each changed field from the version it was edited from; a conflict asks the person to choose. */
  const saveAnswers = async (): Promise<boolean> => {
    setProblem(null);
    const result = await fields.saveChanged(answers);
    if (result.error) {
      if (!showFieldErrors(result.error)) {
        if (errorStatus(result.error) === 0) writeDraft(retryKey, true);
        failed(result.error, () => void saveAnswers());
      }
      return false;
    }
    if (result.conflicts) return false;
    dropDraft();
    clearDraft(retryKey);
    setErrors({});
    return true;
  };

  const keepMine = async (conflict: AnswerConflict) => {
    const result = await fields.keepMine(conflict);
    if (result.error && !showFieldErrors(result.error)) setProblem(errorMessage(result.error));
  };
  // Once the field holds what is saved (all saved, or their text taken) no draft is needed: a kept one would
  // hide a co-founder's later save the next time the step opens.
  useEffect(() => {
    if (!dirty && !fields.conflict) dropDraft();
  }, [dirty, fields.conflict]); // eslint-disable-line react-hooks/exhaustive-deps -- dropDraft is stable

  const advance = async (doLater: boolean, confirmed = false) => {
    setProblem(null);
    if (!doLater) {
      // Decision 004: a worksheet's required fields must hold an answer before its step is done.
      const missing = (step.worksheet?.fields ?? []).filter((f) => f.required && !answers[f.key]?.trim());
      if (missing.length) {
        setErrors(Object.fromEntries(missing.map((f) => [f.key, 'Required before this step is done'])));
        setProblem(requiredProblem(missing.map((f) => f.key)));
        return;
      }
      if (!confirmed && putOffAtCompletion(mission, step.id).length) {
        setAsking(true);
        return;
      }
    }
    if (dirty && !(await saveAnswers())) return;
    const result = await next({ stepId: step.id, doLater, missionId: mission.id });
    if ('error' in result) {
      const keys = showFieldErrors(result.error)
        ? ((result.error as { details?: { path: string }[] }).details ?? []).map((d) =>
            d.path.replace(/^answers\./, ''),
          )
        : [];
      if (keys.length) setProblem(requiredProblem(keys));
      else failed(result.error, () => void advance(doLater, true));
      return;
    }
    if (result.data) onAdvanced(result.data, step);
  };

  const putOff = putOffAtCompletion(mission, step.id);
  const finishPutOff = async () => {
    setAsking(false);
    if (dirty) await saveAnswers();
    if (putOff[0]) navigate(buildPath.missionDetails(mission.id, putOff[0].id));
  };

  const open = step.status === 'ONGOING';
  return (
    <article className="plain-card" aria-labelledby={`step-title-${step.id}`}>
      <div className="plain-card__content">
        <div className="step-view__kinds">
          <span className="plain-overline plain-secondary">
            Step {step.index} of {ordered.length}
          </span>
          <Chip
            outlined
            label={step.type === 'TOOL' ? 'Worksheet' : 'Reading'}
            icon={step.type === 'TOOL' ? <ClipboardList /> : undefined}
          />
          <Chip outlined label={`about ${minutes(step.estimatedMinutes)}`} icon={<Clock />} />
          {step.status === 'COMPLETED' ? <StatusChip status="COMPLETED" /> : null}
          {step.doLater && step.status !== 'COMPLETED' ? (
            <Chip tone="secondary" label="Put off for later" />
          ) : null}
        </div>
        <h2 id={`step-title-${step.id}`} ref={headingRef} tabIndex={-1} className="plain-h2 step-view__title">
          {step.title}
        </h2>

        {step.status === 'LOCKED' ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            This step opens when you finish or put off the step before it.
          </Alert>
        ) : (
          <>
            <ContentHtml html={step.bodyHtml} sx={{ mt: 2 }} />

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
              <section aria-labelledby={`worksheet-${step.id}`} className="step-view__worksheet">
                <h3 id={`worksheet-${step.id}`} className="plain-h3 step-view__worksheet-title">
                  Your worksheet
                </h3>
                <WorksheetForm
                  worksheet={step.worksheet}
                  answers={answers}
                  errors={errors}
                  idPrefix={`ws-${step.id}`}
                  onChange={(key, value) => setAnswers({ ...answers, [key]: value })}
                />
                <div className="step-view__row step-view__row--save">
                  <Button
                    variant="outlined"
                    onClick={() => void saveAnswers()}
                    loading={saving}
                    disabled={!dirty}
                  >
                    Save answers
                  </Button>
                  <p className="plain-body2 plain-secondary" aria-live="polite">
                    {dirty
                      ? 'Unsaved changes, kept on this device'
                      : step.worksheet.updatedAt
                        ? `Saved ${formatDate(step.worksheet.updatedAt)}`
                        : 'Nothing saved yet'}
                  </p>
                </div>
              </section>
            ) : null}

            <div className="step-view__row step-view__row--coach">
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
                startIcon={<PlainIcon d={iconPaths.autoAwesomeFilled} />}
              >
                Ask the coach about this step
              </Button>
              {step.worksheet && dirty ? (
                <p className="plain-body2 plain-secondary">
                  Save your answers first: the coach reads what is saved.
                </p>
              ) : null}
            </div>

            <StepRating step={step} missionId={mission.id} />

            {problem ? (
              <Alert severity="error" sx={{ mt: 4 }}>
                {problem}
              </Alert>
            ) : null}

            <div className="step-view__actions">
              {open && !step.doLater ? (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<PlainIcon d={iconPaths.schedule} />}
                    onClick={() => void advance(true)}
                    disabled={busy}
                  >
                    Do later
                  </Button>
                  <Button
                    variant="contained"
                    endIcon={<PlainIcon d={iconPaths.arrowForward} />}
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
                  endIcon={<PlainIcon d={iconPaths.arrowForward} />}
                >
                  Next step
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
      <AnswerConflictDialog
        conflict={fields.conflict}
        saving={fields.resolving}
        onKeepMine={(c) => void keepMine(c)}
        onUseTheirs={fields.useTheirs}
        onClose={fields.dismiss}
      />
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={`complete-${step.id}`}>
        <DialogTitle id={`complete-${step.id}`}>Complete the mission?</DialogTitle>
        <DialogContent>
          <DialogContentText>{putOffQuestion(putOff.length)}</DialogContentText>
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {putOff.map((s) => (
              <li key={s.id}>
                <Typography>{s.title}</Typography>
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void finishPutOff()}>Finish them</Button>
          <Button
            variant="contained"
            onClick={() => {
              setAsking(false);
              void advance(false, true);
            }}
          >
            Complete anyway
          </Button>
        </DialogActions>
      </Dialog>
    </article>
  );
}

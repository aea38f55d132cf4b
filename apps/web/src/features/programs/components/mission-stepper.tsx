import { useState, type KeyboardEvent } from 'react';
import type { Mission, Step } from '@liftoff/contracts/programs';
import { useNavigate } from 'react-router';
import { iconPaths } from '../../../components/icon-paths';
import { buildPath } from '../../../config/paths';
import { byIndex } from '../lib/progress';
import '../../../components/plain.css';
import './mission-stepper.css';

/** What a step's button says under its title. */
function stepCaption(step: Step, current: Step): string {
  if (step.status === 'LOCKED') return 'Locked';
  if (step.doLater && step.status !== 'COMPLETED') return 'Put off for later';
  if (step.status === 'COMPLETED') return 'Done';
  return step.id === current.id ? 'Current' : 'Open';
}

/** The step's number in a circle, or a tick in one when it is done: MUI's StepIcon. */
function StepIcon({ number, done, lit }: { number: number; done: boolean; lit: boolean }) {
  return (
    <svg
      className={`stepper__icon${lit ? ' stepper__icon--lit' : ''}`}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
    >
      {done ? (
        <path d={iconPaths.stepDone} />
      ) : (
        <>
          <circle cx="12" cy="12" r="12" />
          <text className="stepper__number" x="12" y="12" textAnchor="middle" dominantBaseline="central">
            {number}
          </text>
        </>
      )}
    </svg>
  );
}

/** Where the arrow keys, Home and End move focus among `count` tabs from `from` (wrapping at either end). */
function nextTab(key: string, from: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (from + 1) % count;
    case 'ArrowLeft':
      return (from - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A mission's steps as a row of tabs, one per step, each opening its step: the number (a tick once done), the
 * title and what state it is in. Drawn as MUI's nonLinear Stepper with StepButtons drew it, with the same boxes
 * and the same tablist semantics and keys (one tab stop; the arrows, Home and End move among the steps that are
 * not locked), but as plain elements: the stepper was half of the styled components a mission's first screen
 * compiled (decision 055).
 *
 * On a phone the steps are a row of numbers (titles and states stay in each button's name for screen readers,
 * and the step's card says "Step 1 of 3"): a vertical list of every step pushed the step itself below the first
 * screenful. From 768 px each title sits under its number.
 */
export function MissionStepper({ mission, current }: { mission: Mission; current: Step }) {
  const navigate = useNavigate();
  const ordered = byIndex(mission.userStep);
  // The tab that takes focus from the Tab key: the one last focused in the list, else the step on screen. It
  // goes back to the step on screen when another step opens.
  const [focused, setFocused] = useState<{ id: string; onScreen: string } | null>(null);
  const open = ordered.filter((s) => s.status !== 'LOCKED');
  const stop =
    focused && focused.onScreen === current.id && open.some((s) => s.id === focused.id)
      ? focused.id
      : (open.find((s) => s.id === current.id) ?? open[0])?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    if (!tabs.length) return;
    const from = tabs.findIndex((tab) => tab === document.activeElement);
    const to = nextTab(event.key, from === -1 ? 0 : from, tabs.length);
    if (to === null) return;
    event.preventDefault();
    tabs[to]?.focus();
  };

  return (
    <nav aria-label="Steps of this mission">
      <ol className="stepper" role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {ordered.map((step, position) => {
          const done = step.status === 'COMPLETED';
          const locked = step.status === 'LOCKED';
          const onScreen = step.id === current.id;
          const putOff = step.doLater && !done;
          return (
            <li key={step.id} className="stepper__step" role="presentation">
              {position > 0 ? (
                <div className="stepper__connector">
                  <span className="stepper__line" />
                </div>
              ) : null}
              <button
                type="button"
                role="tab"
                className="plain-button stepper__button"
                aria-selected={onScreen}
                aria-current={onScreen ? 'step' : undefined}
                aria-posinset={position + 1}
                aria-setsize={ordered.length}
                tabIndex={step.id === stop ? 0 : -1}
                disabled={locked}
                onFocus={() => setFocused({ id: step.id, onScreen: current.id })}
                onClick={() => navigate(buildPath.missionDetails(mission.id, step.id))}
              >
                <span className="stepper__label">
                  <span className="stepper__icon-box">
                    <StepIcon number={position + 1} done={done} lit={done || onScreen} />
                  </span>
                  <span className="stepper__text">
                    <span className={`stepper__title${done || onScreen ? ' stepper__title--strong' : ''}`}>
                      {step.title}
                    </span>
                    <span className={`stepper__caption${putOff ? ' stepper__caption--put-off' : ''}`}>
                      {stepCaption(step, current)}
                    </span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

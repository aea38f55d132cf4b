import '../../../components/plain.css';
import './progress-bar.css';

/** The ring's drawing box and stroke, in the units of its viewBox (MUI's circular progress geometry). */
const RING_BOX = 44;
const RING_STROKE = 5;
const RING_RADIUS = (RING_BOX - RING_STROKE) / 2;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;
/** The track and the value are the same circle, drawn twice. */
const RING_CIRCLE = {
  cx: RING_BOX,
  cy: RING_BOX,
  r: RING_RADIUS,
  fill: 'none',
  strokeWidth: RING_STROKE,
} as const;

/**
 * A completion ring with its percentage in the middle; announced as a progress bar with its name.
 *
 * Plain SVG with inline styles, not MUI's CircularProgress: the overview draws one per milestone in its render
 * after first paint, and two styled progress components per ring (track and value) were a quarter of that
 * render's components.
 */
export function ProgressRing({
  value,
  label,
  size = 72,
  color = 'primary',
}: {
  value: number;
  label: string;
  size?: number;
  color?: 'primary' | 'secondary' | 'success';
}) {
  const shown = Math.min(100, Math.max(0, value));
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuenow={shown}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={`${shown}% complete`}
      style={{
        position: 'relative',
        display: 'inline-grid',
        placeItems: 'center',
        width: size,
        height: size,
        flexShrink: 0,
      }}
    >
      <svg
        aria-hidden="true"
        viewBox={`${RING_BOX / 2} ${RING_BOX / 2} ${RING_BOX} ${RING_BOX}`}
        width={size}
        height={size}
        style={{ position: 'absolute', inset: 0, transform: 'rotate(-90deg)' }}
      >
        <circle {...RING_CIRCLE} stroke="var(--mui-palette-action-hover)" />
        <circle
          {...RING_CIRCLE}
          strokeLinecap={shown > 0 ? 'round' : 'butt'}
          stroke={`var(--mui-palette-${color}-main)`}
          strokeDasharray={RING_LENGTH.toFixed(3)}
          strokeDashoffset={(((100 - shown) / 100) * RING_LENGTH).toFixed(3)}
          style={{ transition: 'stroke-dashoffset 300ms cubic-bezier(0.4, 0, 0.2, 1)' }}
        />
      </svg>
      <span aria-hidden="true" style={{ position: 'relative', fontWeight: 700, fontSize: size / 4.5 }}>
        {shown}%
      </span>
    </span>
  );
}

/**
 * The program's overall bar with a visible caption, all plain (decisions 052, 058): the bar is MUI's determinate
 * LinearProgress in the secondary colour, 10 px high with round ends, drawn with two spans.
 */
export function ProgressBar({ value, label, caption }: { value: number; label: string; caption?: string }) {
  const shown = Math.round(value);
  return (
    <div>
      <div className="progress-bar__heading">
        <p className="plain-body2 progress-bar__label">{label}</p>
        <p className="plain-body2 progress-bar__value" data-testid="program-percent">
          {value}%
        </p>
      </div>
      <span
        role="progressbar"
        aria-label={label}
        aria-valuenow={shown}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${value}% complete`}
        className="progress-bar__track"
      >
        <span className="progress-bar__fill" style={{ transform: `translateX(${value - 100}%)` }} />
      </span>
      {caption ? <span className="progress-bar__caption">{caption}</span> : null}
    </div>
  );
}

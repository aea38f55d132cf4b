import styles from './progress.module.css';

type ProgressProps = {
  /** What is progressing; its name for screen readers, drawn above the bar unless `hideLabel`. */
  label: string;
  /** From 0 to `max`; null while unknown (an upload before its size is known). */
  value: number | null;
  max?: number;
  hideLabel?: boolean;
  /** The value as read out and shown ("3 of 5 steps"); a whole percentage by default. */
  valueText?: string;
  tone?: 'primary' | 'secondary' | 'success';
  className?: string;
};

/** A linear progress bar: a progressbar with its value, drawn not only counted. */
export function Progress({
  label,
  value,
  max = 100,
  hideLabel,
  valueText,
  tone = 'primary',
  className,
}: ProgressProps) {
  const clamped = value === null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped === null ? null : Math.round((clamped / max) * 100);
  const text = valueText ?? (percent === null ? undefined : `${percent}%`);
  return (
    <div className={[styles.progress, className ?? ''].join(' ')}>
      {hideLabel ? null : (
        <div className={styles.header} aria-hidden="true">
          <span>{label}</span>
          {text ? <span className={styles.value}>{text}</span> : null}
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped ?? undefined}
        aria-valuetext={text}
        className={styles.track}
      >
        <div
          className={[styles.indicator, styles[tone], percent === null ? styles.indeterminate : ''].join(' ')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

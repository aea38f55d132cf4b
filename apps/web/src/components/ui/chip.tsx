import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import styles from './chip.module.css';

export type ChipTone = 'neutral' | 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';

type ChipProps = {
  label: ReactNode;
  tone?: ChipTone;
  /** An icon element (lucide-react), decorative: the label says it all. */
  icon?: ReactNode;
  outlined?: boolean;
  /** A chip that can be taken away (a filter): a button named "Remove <label>" after the label. */
  onRemove?: () => void;
  /** Names the remove button when the label is not plain text. */
  removeLabel?: string;
  className?: string;
};

/**
 * A small label for a status, a kind or a filter. Nobody operates the chip itself; when it can be removed, the
 * remove button is its own control with its own name.
 */
export function Chip({
  label,
  tone = 'neutral',
  icon,
  outlined,
  onRemove,
  removeLabel,
  className,
}: ChipProps) {
  const classes = [styles.chip, styles[tone], outlined ? styles.outlined : '', className ?? ''];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{label}</span>
      {onRemove ? (
        <button
          type="button"
          className={styles.remove}
          aria-label={removeLabel ?? `Remove ${typeof label === 'string' ? label : ''}`.trim()}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}

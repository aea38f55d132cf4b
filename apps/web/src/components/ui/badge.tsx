import type { ReactNode } from 'react';
import styles from './badge.module.css';

type BadgeProps = {
  /** The count shown on the corner of what it decorates; nothing is drawn at 0 unless `showZero`. */
  count: number;
  /** Above it, "max+" is shown. */
  max?: number;
  showZero?: boolean;
  /** What the count is, for screen readers: "3 unread notifications". */
  label: (count: number) => string;
  tone?: 'primary' | 'secondary' | 'error';
  children: ReactNode;
};

/**
 * A count on the corner of an icon or an avatar ("3" unread). The number is drawn for the eye and hidden from
 * screen readers, which read `label(count)` instead, so "9+" is never read as "nine plus".
 */
export function Badge({ count, max = 99, showZero, label, tone = 'error', children }: BadgeProps) {
  const shown = count > 0 || showZero;
  return (
    <span className={styles.anchor}>
      {children}
      {shown ? (
        <>
          <span className={[styles.badge, styles[tone]].join(' ')} aria-hidden="true">
            {count > max ? `${max}+` : count}
          </span>
          <span className={styles.visuallyHidden}>{label(count)}</span>
        </>
      ) : null}
    </span>
  );
}

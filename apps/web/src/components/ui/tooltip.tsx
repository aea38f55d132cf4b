import type { ReactElement, ReactNode } from 'react';
import { Tooltip as BaseTooltip } from '@base-ui/react/tooltip';
import styles from './tooltip.module.css';

type TooltipProps = {
  /** A short hint; never the only place something is said (touch screens do not hover). */
  content: ReactNode;
  /** The element it describes (an IconButton), shown on hover and on keyboard focus. */
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
};

/** A hint on hover or focus; Escape hides it. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <BaseTooltip.Root>
      <BaseTooltip.Trigger render={children} />
      <BaseTooltip.Portal>
        <BaseTooltip.Positioner className={styles.positioner} side={side} sideOffset={6}>
          <BaseTooltip.Popup className={styles.popup}>{content}</BaseTooltip.Popup>
        </BaseTooltip.Positioner>
      </BaseTooltip.Portal>
    </BaseTooltip.Root>
  );
}

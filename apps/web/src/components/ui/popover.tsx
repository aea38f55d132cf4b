import type { ReactElement, ReactNode } from 'react';
import { Popover as BasePopover } from '@base-ui/react/popover';
import styles from './popover.module.css';

type PopoverProps = {
  /** A button element that opens it; focus returns to it on close. */
  trigger: ReactElement;
  /** Names the popup; drawn as its heading unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'bottom' | 'left' | 'right';
  align?: 'start' | 'center' | 'end';
  /** A wider popup, for a list (notifications): up to 400 px and the viewport's width less a margin. */
  wide?: boolean;
  /** The content runs to the popup's edges (a list with its own dividers); the title keeps its padding. */
  flush?: boolean;
  children: ReactNode;
};

/**
 * Content that opens beside its button (a note, a short form, notifications): not modal, Escape or a click
 * outside closes it and focus returns to the button.
 */
export function Popover({
  trigger,
  title,
  hideTitle,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'center',
  wide,
  flush,
  children,
}: PopoverProps) {
  return (
    <BasePopover.Root open={open} onOpenChange={onOpenChange ? (next) => onOpenChange(next) : undefined}>
      <BasePopover.Trigger render={trigger} />
      <BasePopover.Portal>
        <BasePopover.Positioner className={styles.positioner} side={side} align={align} sideOffset={8}>
          <BasePopover.Popup
            className={[styles.popup, wide ? styles.wide : '', flush ? styles.flush : ''].join(' ')}
          >
            <BasePopover.Title className={hideTitle ? styles.visuallyHidden : styles.title}>
              {title}
            </BasePopover.Title>
            {children}
          </BasePopover.Popup>
        </BasePopover.Positioner>
      </BasePopover.Portal>
    </BasePopover.Root>
  );
}

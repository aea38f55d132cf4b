import type { ReactElement, ReactNode } from 'react';
import { Dialog as BaseDialog } from '@base-ui/react/dialog';
import { X } from 'lucide-react';
import styles from './dialog.module.css';

type DialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A button element that opens it (a kit Button); focus returns to it when the dialog closes. */
  trigger?: ReactElement;
  /** The dialog's name, drawn as its heading. */
  title: ReactNode;
  /** One line under the title, read when the dialog opens. */
  description?: ReactNode;
  /**
   * The actions (kit Buttons, the primary one last). They sit in a footer that never scrolls away: the body
   * scrolls between the header and the footer, so the primary action is on screen at 375×812 and 1440×900.
   */
  actions?: ReactNode;
  /** Wider for tables and editors. */
  size?: 'small' | 'medium' | 'large';
  /** Name of the close button in the corner; none is drawn when it is empty. */
  closeLabel?: string;
  children?: ReactNode;
};

/**
 * A modal dialog on Base UI: focus moves in and is kept there, Escape and the close button close it, focus
 * goes back to what opened it, the page behind is inert and does not scroll.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  actions,
  size = 'medium',
  closeLabel = 'Close',
  children,
}: DialogProps) {
  return (
    <BaseDialog.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange ? (next) => onOpenChange(next) : undefined}
    >
      {trigger ? <BaseDialog.Trigger render={trigger} /> : null}
      <BaseDialog.Portal>
        <BaseDialog.Backdrop className={styles.backdrop} />
        <BaseDialog.Viewport className={styles.viewport}>
          <BaseDialog.Popup className={[styles.popup, styles[size]].join(' ')}>
            <div className={styles.header}>
              <div className={styles.heading}>
                <BaseDialog.Title className={styles.title}>{title}</BaseDialog.Title>
                {description ? (
                  <BaseDialog.Description className={styles.description}>
                    {description}
                  </BaseDialog.Description>
                ) : null}
              </div>
              {closeLabel ? (
                <BaseDialog.Close className={styles.close} aria-label={closeLabel}>
                  <X aria-hidden="true" />
                </BaseDialog.Close>
              ) : null}
            </div>
            {children ? <div className={styles.body}>{children}</div> : null}
            {actions ? <div className={styles.footer}>{actions}</div> : null}
          </BaseDialog.Popup>
        </BaseDialog.Viewport>
      </BaseDialog.Portal>
    </BaseDialog.Root>
  );
}

/** A button inside the dialog that closes it (Cancel): renders the given kit Button as Base UI's close part. */
export function DialogClose({ render }: { render: ReactElement }) {
  return <BaseDialog.Close render={render} />;
}

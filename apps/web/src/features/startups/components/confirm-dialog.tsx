import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens, in a sentence or two: the person decides knowing it. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** A step that cannot be undone from here (leaving, removing) is drawn as one. */
  danger?: boolean;
};

/** Asks before a change to who is in the startup; Cancel is first, the change last, as the kit's dialogs do. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy,
  danger,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="small"
      actions={
        <>
          <DialogClose render={<Button variant="ghost">Cancel</Button>} />
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

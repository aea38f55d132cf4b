import { useId } from 'react';
import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useOnline } from '../lib/online';
import { lazyPart, useLazyPart } from './lazy-part';

/** What every dialog opened this way takes: whether it is open, and how it asks to close. */
export type DialogProps = { open: boolean; onClose: () => void };

/** How long a dialog's code may take before the founder sees that it is on its way. */
const SHOW_LOADING_AFTER_MS = 400;

/**
 * A dialog whose code is fetched the first time it opens. The screens that only offer it (the app bar's
 * support button, an expert card's actions) then leave its form, validation and pickers out of their first
 * load. Once fetched it renders as the dialog itself, so it behaves exactly as an imported one. While the
 * code is on its way a slow connection shows a progress dialog; a dropped one says so, and tries again
 * when the connection returns or on request.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const dialog = lazyPart(load);

  function LazyDialog(props: P) {
    const fetched = useLazyPart(dialog, { wanted: props.open, slowAfterMs: SHOW_LOADING_AFTER_MS });
    if (fetched.state === 'here') {
      const Loaded = fetched.part;
      return <Loaded {...props} />;
    }
    if (!props.open || fetched.state === 'waiting') return null;
    if (fetched.state === 'slow') return <LoadingDialog onClose={props.onClose} />;
    return <LoadFailedDialog onClose={props.onClose} onRetry={fetched.retry} />;
  }
  return LazyDialog;
}

function LoadingDialog({ onClose }: { onClose: () => void }) {
  const textId = useId();
  // Named by its text: MUI puts aria-labelledby on the dialog element itself (aria-label would go to its backdrop).
  return (
    <Dialog open onClose={onClose} aria-labelledby={textId}>
      <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <DialogContentText id={textId} component="span" role="status">
          Opening…
        </DialogContentText>
      </DialogContent>
    </Dialog>
  );
}

function LoadFailedDialog({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  const online = useOnline();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{online ? 'This could not open' : 'You are offline'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {online
            ? 'The connection dropped while this was on its way. Try again; everything else keeps working.'
            : 'This opens once you are back online; it tries again by itself then.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      </DialogActions>
    </Dialog>
  );
}

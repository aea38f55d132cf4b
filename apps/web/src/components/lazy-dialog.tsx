import { useEffect, useId, useState } from 'react';
import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { onReconnect, useOnline } from '../lib/online';

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
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchDialog = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Offline: the next attempt fetches again.
        loading = undefined;
        throw error;
      },
    ));

  function LazyDialog(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    const [state, setState] = useState<'waiting' | 'slow' | 'failed'>('waiting');
    const [attempt, setAttempt] = useState(0);
    const { open } = props;

    useEffect(() => {
      if (Loaded || !open) return;
      let live = true;
      setState('waiting');
      const slow = setTimeout(() => live && setState('slow'), SHOW_LOADING_AFTER_MS);
      fetchDialog().then(
        (component) => live && setLoaded(() => component),
        () => {
          // A dropped connection fails at once, before the "Opening…" moment: it must not come after and stay.
          clearTimeout(slow);
          if (live) setState('failed');
        },
      );
      return () => {
        live = false;
        clearTimeout(slow);
      };
    }, [Loaded, open, attempt]);

    useEffect(() => {
      if (state !== 'failed') return;
      return onReconnect(() => setAttempt((n) => n + 1));
    }, [state]);

    if (Loaded) return <Loaded {...props} />;
    if (!open || state === 'waiting') return null;
    if (state === 'slow') return <LoadingDialog onClose={props.onClose} />;
    return <LoadFailedDialog onClose={props.onClose} onRetry={() => setAttempt((n) => n + 1)} />;
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

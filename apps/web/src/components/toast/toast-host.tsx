import { useEffect, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import LinkIcon from '@mui/icons-material/Link';
import StarIcon from '@mui/icons-material/Star';
import {
  TOAST_AUTO_HIDE_MS,
  TOAST_PROGRESS_TICK_MS,
  TOAST_PROGRESS_TICKS,
  selectToast,
  toastClosed,
} from '../../lib/toast';
import type { Toast, ToastIcon } from '../../lib/toast';

const infoIcons: Record<ToastIcon, React.ReactNode> = {
  mention: <AlternateEmailIcon fontSize="inherit" />,
  link: <LinkIcon fontSize="inherit" />,
  star: <StarIcon fontSize="inherit" />,
};

/** Info kind: a bar counting down from 100 in 100 ms ticks, 30 ticks (spec section 4). */
function CountdownBar() {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setTicks((done) => {
        if (done + 1 >= TOAST_PROGRESS_TICKS) clearInterval(timer);
        return Math.min(done + 1, TOAST_PROGRESS_TICKS);
      });
    }, TOAST_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const value = Math.max(0, 100 - (100 / TOAST_PROGRESS_TICKS) * ticks);
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      color="inherit"
      aria-label="Time left for this message"
      sx={{ mt: 1, height: 4, borderRadius: 2, opacity: 0.8 }}
    />
  );
}

/**
 * How long a toast stays: an error stays until the founder closes it (spec section 8: "an error snackbar
 * until closed"), so it cannot vanish before it is read; success stays 1500 ms; info stays as long as its
 * 30-tick progress bar. `null` means no automatic hiding.
 */
export function toastDuration(toast: Pick<Toast, 'kind'>): number | null {
  if (toast.kind === 'error') return null;
  return toast.kind === 'info' ? TOAST_PROGRESS_TICKS * TOAST_PROGRESS_TICK_MS : TOAST_AUTO_HIDE_MS;
}

/**
 * Bottom centre, lifted above the phone's bottom navigation: at the top a toast covered the product mark
 * of the auth screens and the "Back to the mission" link at the head of a page.
 */
const TOAST_BOTTOM_OFFSET = { xs: 'calc(64px + 16px + env(safe-area-inset-bottom))', tablet: 24 } as const;

/** The one toast outlet: kinds error, info (icons mention, link, star) and success, announced politely or assertively. */
export function ToastHost() {
  const dispatch = useDispatch();
  const current = useSelector(selectToast);
  // Keeps the last toast on screen while its exit transition runs.
  const [shown, setShown] = useState<Toast | null>(current);
  useEffect(() => {
    if (current) setShown(current);
  }, [current]);

  const close = () => {
    if (current) dispatch(toastClosed(current.id));
  };
  const handleClose = (_event: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    close();
  };

  return (
    <Snackbar
      key={shown?.id}
      open={Boolean(current)}
      autoHideDuration={shown ? toastDuration(shown) : null}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: TOAST_BOTTOM_OFFSET }}
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      {shown ? (
        <Alert
          severity={shown.kind}
          variant="filled"
          role={shown.kind === 'error' ? 'alert' : 'status'}
          aria-live={shown.kind === 'error' ? 'assertive' : 'polite'}
          icon={shown.kind === 'info' && shown.icon ? infoIcons[shown.icon] : undefined}
          onClose={close}
          slotProps={{ closeButton: { 'aria-label': 'Close message' } }}
          sx={{ minWidth: { xs: 'calc(100vw - 32px)', sm: 360 }, maxWidth: 560, alignItems: 'flex-start' }}
        >
          <Box component="span" sx={{ display: 'block' }}>
            {shown.message}
          </Box>
          {shown.kind === 'info' ? <CountdownBar key={shown.id} /> : null}
        </Alert>
      ) : (
        <span />
      )}
    </Snackbar>
  );
}

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { AtSign, CircleAlert, CircleCheck, Info, Link, Star, X } from 'lucide-react';
import { IconButton } from '../ui/icon-button';
import { Progress } from '../ui/progress';
import {
  TOAST_AUTO_HIDE_MS,
  TOAST_PROGRESS_TICK_MS,
  TOAST_PROGRESS_TICKS,
  selectToast,
  toastClosed,
} from '../../lib/toast';
import type { Toast, ToastIcon, ToastKind } from '../../lib/toast';
import styles from './toast-host.module.css';

const infoIcons: Record<ToastIcon, ReactNode> = {
  mention: <AtSign />,
  link: <Link />,
  star: <Star />,
};
const kindIcons: Record<ToastKind, ReactNode> = {
  error: <CircleAlert />,
  success: <CircleCheck />,
  info: <Info />,
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
  return <Progress label="Time left for this message" value={value} hideLabel className={styles.countdown} />;
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
 * The one outlet of the store's toasts (lib/toast.ts): kinds error, info (icons mention, link, star) and success,
 * announced politely or assertively, drawn with the kit's pieces and tokens. Bottom centre, lifted above the
 * phone's bottom navigation (at the top a toast covered the product mark of the auth screens and the "Back to
 * the mission" link at the head of a page). A click elsewhere does not close it; its close button does.
 */
export function ToastHost() {
  const dispatch = useDispatch();
  const current = useSelector(selectToast);

  useEffect(() => {
    if (!current) return;
    const duration = toastDuration(current);
    if (duration === null) return;
    const timer = setTimeout(() => dispatch(toastClosed(current.id)), duration);
    return () => clearTimeout(timer);
  }, [current, dispatch]);

  if (!current) return null;
  const error = current.kind === 'error';
  return (
    <div className={styles.anchor}>
      <div
        key={current.id}
        className={`${styles.toast} ${styles[current.kind]}`}
        role={error ? 'alert' : 'status'}
        aria-live={error ? 'assertive' : 'polite'}
      >
        <span className={styles.icon} aria-hidden="true">
          {current.kind === 'info' && current.icon ? infoIcons[current.icon] : kindIcons[current.kind]}
        </span>
        <div className={styles.body}>
          <span className={styles.message}>{current.message}</span>
          {current.kind === 'info' ? <CountdownBar key={current.id} /> : null}
        </div>
        <IconButton
          label="Close message"
          icon={<X />}
          size="small"
          className={styles.close}
          onClick={() => dispatch(toastClosed(current.id))}
        />
      </div>
    </div>
  );
}

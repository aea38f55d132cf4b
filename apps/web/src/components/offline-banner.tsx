import { useEffect, useSyncExternalStore } from 'react';
import { CloudOff } from 'lucide-react';
import { useOnline } from '../lib/online';
import styles from './offline-banner.module.css';

/*
 * Two places draw the banner: the app's root, for screens without the shell (sign-in, the startup screen), and the
 * shell, just below its fixed app bar. While a shell is on screen the root's stays away, so there is one banner and
 * it is never under the bar.
 */
let shellBanners = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useShellDrawsBanner(placement: 'root' | 'shell'): boolean {
  useEffect(() => {
    if (placement !== 'shell') return;
    shellBanners += 1;
    notify();
    return () => {
      shellBanners -= 1;
      notify();
    };
  }, [placement]);
  return useSyncExternalStore(
    subscribe,
    () => shellBanners > 0,
    () => false,
  );
}

/**
 * Shown while the browser is offline, on every screen: what still works and that nothing typed is lost.
 * It sits in the page flow (not over it) so it never covers a composer or a button.
 */
export function OfflineBanner({ placement = 'root' }: { placement?: 'root' | 'shell' }) {
  const online = useOnline();
  const shellDraws = useShellDrawsBanner(placement);
  if (online || (placement === 'root' && shellDraws)) return null;
  return (
    <div
      role="alert"
      className={placement === 'shell' ? `${styles.banner} ${styles.inShell}` : styles.banner}
      data-testid="offline-banner"
    >
      <CloudOff aria-hidden="true" className={styles.icon} />
      <span>You are offline. What you type is kept on this device and sent when the connection returns.</span>
    </div>
  );
}

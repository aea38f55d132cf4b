import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
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

/** The custom property on <html> that says how tall the shell's banner is while it shows (0 without one). */
export const OFFLINE_BANNER_HEIGHT = '--offline-banner-height';

/**
 * Publishes the shell's banner's height, so a screen sized to the viewport (the coach's chat, whose question box
 * must stay above the phone's bottom bar) makes room for it. Its height varies with the width: three lines on a
 * phone, one on a laptop.
 */
function usePublishedHeight(element: RefObject<HTMLDivElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const node = element.current;
    if (!active || !node) return;
    const publish = () => root.setProperty(OFFLINE_BANNER_HEIGHT, `${node.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.removeProperty(OFFLINE_BANNER_HEIGHT);
    };
  }, [element, active]);
}

/**
 * Shown while the browser is offline, on every screen: what still works and that nothing typed is lost.
 * It sits in the page flow (not over it) so it never covers a composer or a button.
 */
export function OfflineBanner({ placement = 'root' }: { placement?: 'root' | 'shell' }) {
  const online = useOnline();
  const shellDraws = useShellDrawsBanner(placement);
  const banner = useRef<HTMLDivElement>(null);
  usePublishedHeight(banner, placement === 'shell' && !online);
  if (online || (placement === 'root' && shellDraws)) return null;
  return (
    <div
      ref={banner}
      role="alert"
      className={placement === 'shell' ? `${styles.banner} ${styles.inShell}` : styles.banner}
      data-testid="offline-banner"
    >
      <CloudOff aria-hidden="true" className={styles.icon} />
      <span>You are offline. What you type is kept on this device and sent when the connection returns.</span>
    </div>
  );
}

import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Toast } from '@base-ui/react/toast';
import { X } from 'lucide-react';
import { markToastWanted } from './toast-demand';
import styles from './toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

/**
 * The app's one toast queue, outside React so that code which is not a component (a request that failed) can
 * add to it; `<ToastRegion>` draws it.
 */
export const toasts = Toast.createToastManager();

export type ToastOptions = {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it goes by itself; 0 keeps it until closed (errors that ask for something). */
  timeout?: number;
};

/** Toasts asked for before a region was there to draw them (its code is fetched on the first toast). */
let regionMounted = false;
const waiting: Array<{ id: string; options: ToastOptions }> = [];
let waitingId = 0;

/** Shows a toast; returns its id, to close it early (`toasts.close(id)`). */
export function showToast(options: ToastOptions): string {
  markToastWanted();
  if (!regionMounted) {
    const id = `waiting-${++waitingId}`;
    waiting.push({ id, options });
    return id;
  }
  return addToast(options);
}

function addToast({ title, description, tone = 'info', timeout }: ToastOptions, id?: string): string {
  return toasts.add({
    id,
    title,
    description,
    type: tone,
    // An error waits until it is dismissed: it usually asks for something. All are announced politely: Base UI's
    // urgent toasts hide the toast itself from screen readers, its dismiss button with it.
    timeout: timeout ?? (tone === 'error' ? 0 : 5000),
  });
}

function ToastList() {
  const { toasts: shown } = Toast.useToastManager();
  return shown.map((toast) => (
    <Toast.Root
      key={toast.id}
      toast={toast}
      className={[styles.toast, styles[toast.type ?? 'info'] ?? ''].join(' ')}
    >
      <Toast.Content className={styles.content}>
        <div className={styles.text}>
          <Toast.Title className={styles.title} />
          <Toast.Description className={styles.description} />
        </div>
        <Toast.Close className={styles.close} aria-label="Dismiss">
          <X aria-hidden="true" />
        </Toast.Close>
      </Toast.Content>
    </Toast.Root>
  ));
}

/** Where toasts appear, announced to screen readers as they come (aria-live); once, near the app's root. */
export function ToastRegion({ children }: { children?: ReactNode }) {
  useEffect(() => {
    regionMounted = true;
    // What was asked for before the region's code arrived, shown now, with the ids its callers were given.
    for (const { id, options } of waiting.splice(0)) addToast(options, id);
    return () => {
      regionMounted = false;
    };
  }, []);
  return (
    <Toast.Provider toastManager={toasts}>
      {children}
      <Toast.Portal>
        <Toast.Viewport className={styles.viewport}>
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}

import type { ReactNode } from 'react';
import { Toast } from '@base-ui/react/toast';
import { X } from 'lucide-react';
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

/** Shows a toast; returns its id, to close it early (`toasts.close(id)`). */
export function showToast({ title, description, tone = 'info', timeout }: ToastOptions): string {
  return toasts.add({
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

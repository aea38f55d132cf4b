import styles from './spinner.module.css';

/** A turning ring for a busy control; decorative, the control says it is busy (aria-busy). */
export function Spinner({ className }: { className?: string }) {
  return <span className={[styles.spinner, className ?? ''].join(' ')} aria-hidden="true" data-spinner="" />;
}

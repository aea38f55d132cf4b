import { ProductMarkArt } from '../components/product-mark-art';

/**
 * The first frame as index.html draws it before any script runs: Liftoff's mark where the shell's bar puts it.
 * Shown while the saved session is restored, in plain React: that wait is a moment, and drawing MUI's loading
 * screen for it cost a whole render of its styles and showed the mark in the middle of the page for a frame,
 * between the page's own frame and the shell's.
 */
export function BootMark() {
  return (
    <div
      role="status"
      aria-label="Loading Liftoff"
      style={{ display: 'flex', alignItems: 'center', height: 64, padding: '0 16px' }}
    >
      <ProductMarkArt size={32} />
    </div>
  );
}

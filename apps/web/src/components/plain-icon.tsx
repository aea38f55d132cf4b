import './plain-icon.css';

/**
 * A Material icon drawn as a bare `<svg>`, the same box and fill as MUI's `SvgIcon` (1em square, the current
 * colour, 24 px unless the parent sets another font size) but with no styled component behind it: each MUI
 * icon is a styled component whose styles are serialized on every render, and the shell draws a dozen on every
 * signed-in page's first commit (decision 051). `d` is the icon's path from `@mui/icons-material` (Material
 * Icons, Apache 2.0); several paths join into one.
 */
export function PlainIcon({ d, className }: { d: string; className?: string }) {
  return (
    <svg
      className={className ? `plain-icon ${className}` : 'plain-icon'}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

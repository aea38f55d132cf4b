import { ProductMarkArt } from './product-mark-art';

/**
 * The Liftoff mark: a rocket on an indigo tile with an amber flame. Plain elements with inline styles, not MUI's
 * Box and Typography: the mark is in the shell of every signed-in page, whose first commit is what a phone
 * waits for (decision 051). The name is in the theme's body font, at 55 % of the tile's size.
 */
export function ProductMark({ size = 40, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <ProductMarkArt size={size} />
      {withName ? (
        <span
          style={{
            font: 'var(--mui-font-body1)',
            fontWeight: 800,
            fontSize: size * 0.55,
            letterSpacing: '-0.02em',
          }}
        >
          Liftoff
        </span>
      ) : (
        <span style={visuallyHidden}>Liftoff</span>
      )}
    </span>
  );
}

/**
 * Screen-reader-only text. Sizes are pixel strings on purpose: in `sx` a bare 1 means 100 %, which
 * lays an "invisible" element out at its container's full size and makes the page scroll sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProductMarkArt } from './product-mark-art';

/** The Liftoff mark: a rocket on an indigo tile with an amber flame. */
export function ProductMark({ size = 40, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <ProductMarkArt size={size} />
      {withName ? (
        <Typography
          component="span"
          sx={{ fontWeight: 800, fontSize: size * 0.55, letterSpacing: '-0.02em' }}
        >
          Liftoff
        </Typography>
      ) : (
        <Box component="span" sx={visuallyHidden}>
          Liftoff
        </Box>
      )}
    </Box>
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

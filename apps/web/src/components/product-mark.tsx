import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Liftoff mark: a rocket on an indigo tile with an amber flame. */
export function ProductMark({ size = 40, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        sx={{ width: size, height: size, flexShrink: 0 }}
        aria-hidden="true"
      >
        <rect width="64" height="64" rx="14" fill="#3730A3" />
        <path d="M32 10c7 5 11 13 11 22l-4 8H25l-4-8c0-9 4-17 11-22z" fill="#fff" />
        <circle cx="32" cy="28" r="4.5" fill="#3730A3" />
        <path d="M25 40l-6 7 8-1zM39 40l6 7-8-1z" fill="#fff" opacity=".85" />
        <path d="M28 44h8l-4 11z" fill="#F59E0B" />
      </Box>
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

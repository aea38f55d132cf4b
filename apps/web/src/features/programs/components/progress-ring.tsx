import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** A completion ring with its percentage in the middle; announced as a progress bar with its name. */
export function ProgressRing({
  value,
  label,
  size = 72,
  color = 'primary',
}: {
  value: number;
  label: string;
  size?: number;
  color?: 'primary' | 'secondary' | 'success';
}) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', width: size, height: size, flexShrink: 0 }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={size}
        thickness={5}
        aria-hidden="true"
        sx={{ color: 'action.hover', position: 'absolute', inset: 0 }}
      />
      <CircularProgress
        variant="determinate"
        value={value}
        size={size}
        thickness={5}
        color={color}
        aria-label={label}
        aria-valuetext={`${value}% complete`}
        sx={{ '& circle': { strokeLinecap: 'round' } }}
      />
      <Box aria-hidden="true" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: size / 4.5 }}>
          {value}%
        </Typography>
      </Box>
    </Box>
  );
}

/** The program's overall bar with a visible caption. */
export function ProgressBar({ value, label, caption }: { value: number; label: string; caption?: string }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75, gap: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="program-percent">
          {value}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={value}
        color="secondary"
        aria-label={label}
        aria-valuetext={`${value}% complete`}
        sx={{ height: 10, borderRadius: 5 }}
      />
      {caption ? (
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: 0.5, display: 'block' }}>
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}

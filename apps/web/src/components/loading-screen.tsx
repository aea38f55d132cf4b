import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ProductMark } from './product-mark';

/** Full-screen wait: persisted state restoring, feature flags loading, a lazy screen arriving. */
export function LoadingScreen({ label = 'Loading Liftoff…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy="true"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}
    >
      <Box sx={{ width: 'min(280px, 80vw)', textAlign: 'center' }}>
        <ProductMark size={48} />
        <LinearProgress sx={{ mt: 3, borderRadius: 2 }} aria-hidden="true" />
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {label}
        </Typography>
      </Box>
    </Box>
  );
}

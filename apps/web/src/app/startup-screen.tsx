import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadingScreen } from '../components/loading-screen';
import { ProductMark } from '../components/product-mark';
import { selectAuth } from '../features/auth/slice';

/**
 * What a reload shows while the session, the flags and the first screen arrive. A signed-in founder sees
 * the shell's frame (bar, navigation, content) as skeletons, so the page looks like Liftoff from the first
 * frame; signed out, the plain loading screen.
 */
export function StartupScreen() {
  const { token } = useSelector(selectAuth);
  if (!token) return <LoadingScreen />;
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label="Loading Liftoff"
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', px: 2, height: 64, borderBottom: 1, borderColor: 'divider' }}
      >
        <ProductMark size={32} />
        <Box sx={{ flex: 1 }} />
        <Skeleton variant="circular" width={36} height={36} />
      </Stack>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Stack
          spacing={3}
          sx={{ display: { xs: 'none', laptop: 'flex' }, width: 96, alignItems: 'center', pt: 3 }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" width={48} height={40} />
          ))}
        </Stack>
        <Stack spacing={3} sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
          <Skeleton variant="text" width="45%" height={48} />
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      </Box>
      <Stack
        direction="row"
        sx={{
          display: { xs: 'flex', laptop: 'none' },
          height: 64,
          borderTop: 1,
          borderColor: 'divider',
          justifyContent: 'space-around',
          alignItems: 'center',
        }}
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" width={40} height={32} />
        ))}
      </Stack>
    </Box>
  );
}

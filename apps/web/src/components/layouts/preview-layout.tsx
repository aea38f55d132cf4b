import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProductMark } from '../product-mark';

/** design.md: preview pages have no navigation, the shared item centred, a quiet footer. */
export function PreviewLayout() {
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="main" id="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
        <Box sx={{ width: '100%', maxWidth: 760 }}>
          <Outlet />
        </Box>
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1 }}
      >
        <ProductMark size={18} withName={false} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          made with Liftoff
        </Typography>
      </Box>
    </Box>
  );
}

import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { ProductMark } from '../product-mark';

/** design.md: auth screens are one centred card with the product mark above it. */
export function AuthLayout({ wide = false }: { wide?: boolean }) {
  return (
    <Box
      component="main"
      id="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: 2,
        py: { xs: 4, sm: 6 },
        bgcolor: 'background.default',
        backgroundImage:
          'radial-gradient(circle at 10% 0%, rgba(99, 102, 241, 0.12), transparent 40%), radial-gradient(circle at 100% 100%, rgba(245, 158, 11, 0.10), transparent 40%)',
      }}
    >
      <Box sx={{ mb: 3 }}>
        <ProductMark size={44} />
      </Box>
      <Card sx={{ width: '100%', maxWidth: wide ? 760 : 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Outlet />
        </CardContent>
      </Card>
    </Box>
  );
}

/** The wide variant, for the tutorial walkthrough. */
export function WideAuthLayout() {
  return <AuthLayout wide />;
}

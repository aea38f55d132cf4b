import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ProductMark } from './product-mark';

/** Router error element: uncaught render errors land here (spec section 2). */
export function ErrorScreen({ onReload }: { onReload?: () => void }) {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: 'min(480px, 100%)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <ProductMark size={40} />
          <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 3 }}>
            Unexpected Application Error!
          </Typography>
          <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
            Something broke on this screen. Reloading usually fixes it; your work on the server is safe.
          </Typography>
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            sx={{ mt: 3 }}
            onClick={onReload ?? (() => window.location.reload())}
          >
            Reload the page
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';

/** Error state: the server's message and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<RefreshIcon />}
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? 'Trying…' : 'Try again'}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}

/** Empty state: one sentence of what goes here and the action that changes it. */
export function EmptyState({
  icon,
  heading,
  children,
  action,
}: {
  icon: ReactNode;
  heading: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box
          aria-hidden="true"
          sx={{ fontSize: 56, color: 'primary.main', display: 'flex', justifyContent: 'center', mb: 2 }}
        >
          {icon}
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {heading}
        </Typography>
        <Typography sx={{ mt: 1.5, color: 'text.secondary', maxWidth: '60ch', mx: 'auto' }}>
          {children}
        </Typography>
        {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
      </CardContent>
    </Card>
  );
}

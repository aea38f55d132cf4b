import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, errorStatus } from '../lib/api';
import { RetryAlert } from './retry-alert';
import './plain.css';
import './page-states.css';

/**
 * The page title every state shares, so the heading structure never jumps. A plain heading (decision 052): every
 * page draws one on its first commit.
 */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h1 id={id} className="plain-h1 page-title">
      {children}
    </h1>
  );
}

/** Error state: a title, the server's message and a way to try again (disabled while it fetches). */
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
    <RetryAlert
      title={title}
      message={message}
      onRetry={onRetry}
      retryLabel={retrying ? 'Trying…' : 'Try again'}
      retryDisabled={retrying}
      sx={{ alignItems: 'center' }}
    />
  );
}

/**
 * Error state of a page that failed to load `what`: "We could not load …", the server's message, a retry.
 * A 404 is not a failure to retry: the thing is not there (a wrong link, or it was removed), so it says so
 * and offers no retry.
 */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const missing = errorStatus(error) === 404;
  return (
    <RetryAlert
      message={
        <>
          <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
            {missing ? `We could not find ${what}.` : `We could not load ${what}.`}
          </Typography>
          {missing ? 'The link may be incomplete, or it is not part of your account.' : errorMessage(error)}
        </>
      }
      onRetry={missing ? undefined : onRetry}
      retryLabel="Try again"
      sx={{ alignItems: 'center' }}
    />
  );
}

/** Empty state: one sentence of what goes here and the action that changes it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
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
          {title}
        </Typography>
        <Typography sx={{ mt: 1.5, color: 'text.secondary', maxWidth: '60ch', mx: 'auto' }}>
          {children}
        </Typography>
        {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
      </CardContent>
    </Card>
  );
}

/** Skeleton of a page with a title and a few cards, announced as loading `label`. */
export function PageSkeleton({
  label,
  cards = 2,
  height = 160,
}: {
  label: string;
  cards?: number;
  height?: number;
}) {
  return (
    <Stack spacing={3} aria-busy="true" aria-label={label} role="status">
      <Skeleton variant="text" width="40%" height={48} />
      {Array.from({ length: cards }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

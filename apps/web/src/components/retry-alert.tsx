import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';

/**
 * An error alert (role "alert") with the server's message and a small button that tries again. Without
 * `onRetry` there is no button, and `onClose` then gets the alert's own close button.
 */
export function RetryAlert({
  message,
  onRetry,
  retryLabel = 'Retry',
  retryDisabled,
  title,
  onClose,
  sx,
}: {
  message: ReactNode;
  onRetry?: () => void;
  /** The button's text; the places that load a whole view say "Try again". */
  retryLabel?: string;
  retryDisabled?: boolean;
  title?: ReactNode;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      onClose={onClose}
      action={
        onRetry ? (
          <Button
            color="inherit"
            size="small"
            startIcon={<RefreshIcon />}
            onClick={onRetry}
            disabled={retryDisabled}
          >
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {message}
    </Alert>
  );
}

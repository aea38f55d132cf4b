import Alert from '@mui/material/Alert';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { useOnline } from '../lib/online';

/**
 * Shown while the browser is offline, on every screen: what still works and that nothing typed is lost.
 * It sits in the page flow (not over it) so it never covers a composer or a button.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon />}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
      data-testid="offline-banner"
    >
      You are offline. What you type is kept on this device and sent when the connection returns.
    </Alert>
  );
}

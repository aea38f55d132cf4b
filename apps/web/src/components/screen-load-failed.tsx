import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { onReconnect, useOnline } from '../lib/online';
import { EmptyState } from './page-states';

/**
 * A screen whose code could not be fetched (offline, or a flaky network): says so where the screen would
 * be, inside the shell, so the navigation stays. Retries by itself when the connection returns; once the
 * code arrives the screen takes its place.
 */
export function ScreenLoadFailed({ load }: { load: () => Promise<ComponentType> }) {
  const online = useOnline();
  const [Screen, setScreen] = useState<ComponentType | null>(null);
  const [trying, setTrying] = useState(false);
  const [failedOnline, setFailedOnline] = useState(false);

  const retry = async () => {
    setTrying(true);
    try {
      const loaded = await load();
      setScreen(() => loaded);
    } catch {
      // A module that failed once may stay failed in this page: reload it whole while online.
      if (navigator.onLine) setFailedOnline(true);
    } finally {
      setTrying(false);
    }
  };

  useEffect(() => onReconnect(() => void retry()), []); // eslint-disable-line react-hooks/exhaustive-deps

  if (Screen) return <Screen />;
  return (
    <EmptyState
      icon={<CloudOffIcon fontSize="inherit" />}
      title={online ? 'This screen could not be loaded' : 'You are offline'}
      action={
        failedOnline ? (
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            loading={trying}
            onClick={() => void retry()}
          >
            Try again
          </Button>
        )
      }
    >
      {online
        ? 'The connection dropped while this screen was on its way. Try again; everything else keeps working.'
        : 'This screen opens once you are back online. Screens you already visited still work.'}
    </EmptyState>
  );
}

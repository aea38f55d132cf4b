import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api';
import { useCalendarFeedQuery, useRegenerateFeedMutation, useRevokeFeedMutation } from '../meetings-api';

/**
 * The expert's private calendar feed: an .ics URL that Google Calendar, Outlook or Apple Calendar subscribe
 * to. Only its hash is stored, so the URL is shown once, right after it is made; regenerate for a new one.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeedQuery();
  const [regenerate, regenerating] = useRegenerateFeedMutation();
  const [revoke, revoking] = useRevokeFeedMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const active = url !== null || (feed.data?.active ?? false);

  const make = async () => {
    const result = await regenerate();
    if ('data' in result && result.data) {
      setUrl(result.data.url);
      setCopied(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url);
    setCopied(true);
  };
  const stop = async () => {
    const result = await revoke();
    if (!('error' in result)) setUrl(null);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="calendar-feed-title">
      <CardContent>
        <Typography id="calendar-feed-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Calendar feed
        </Typography>
        {feed.isLoading ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading your calendar feed" />
        ) : feed.isError ? (
          <Alert severity="error" action={<Button onClick={() => void feed.refetch()}>Try again</Button>}>
            {errorMessage(feed.error)}
          </Alert>
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {url
                ? 'Copy this address into your calendar app as a subscription. It is shown only now; keep it private.'
                : active
                  ? `Your accepted meetings are in a private feed since ${new Date(feed.data!.createdAt!).toLocaleDateString()}. Make a new address if you lost it; the old one stops working.`
                  : 'Subscribe to your accepted meetings from Google Calendar, Outlook or Apple Calendar.'}
            </Typography>
            {url ? (
              <TextField
                label="Subscription address"
                value={url}
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(e) => e.target.select()}
              />
            ) : null}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {url ? (
                <Button variant="contained" onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy address'}
                </Button>
              ) : null}
              <Button
                variant={url ? 'outlined' : 'contained'}
                onClick={() => void make()}
                disabled={regenerating.isLoading}
              >
                {active ? 'Make a new address' : 'Make a feed address'}
              </Button>
              {active ? (
                <Button color="error" onClick={() => void stop()} disabled={revoking.isLoading}>
                  Turn the feed off
                </Button>
              ) : null}
            </Stack>
            <span aria-live="polite" style={{ position: 'absolute', left: -9999 }}>
              {copied ? 'Address copied' : ''}
            </span>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

import type { SignedInSession } from '@liftoff/contracts/auth';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/Devices';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useSessionsQuery, useSignOutOtherSessionsMutation, useSignOutSessionMutation } from '../api';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function SessionRow({ session }: { session: SignedInSession }) {
  const [signOut, { isLoading }] = useSignOutSessionMutation();
  return (
    <ListItem
      disableGutters
      divider
      sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', py: 1.5 }}
      aria-label={session.device}
    >
      <DevicesIcon aria-hidden sx={{ mt: 0.5, color: 'text.secondary' }} />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{session.device}</Typography>
          {session.current ? <Chip size="small" color="primary" label="This device" /> : null}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {session.place ? `Signed in from IP address ${session.place}` : 'Sign-in address not recorded'} ·{' '}
          {when(session.signedInAt)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Last active {when(session.lastUsedAt)}
        </Typography>
      </Box>
      {session.current ? null : (
        <Button
          variant="outlined"
          size="small"
          loading={isLoading}
          onClick={() => void signOut({ sessionId: session.id })}
          aria-label={`Sign out ${session.device}, last active ${when(session.lastUsedAt)}`}
        >
          Sign out
        </Button>
      )}
    </ListItem>
  );
}

/** Where the founder is signed in, with a way to end any session they do not recognise. */
export function SessionsCard() {
  const { data, error, isLoading, isFetching, refetch } = useSessionsQuery();
  const [signOutOthers, { isLoading: signingOut }] = useSignOutOtherSessionsMutation();
  const others = data?.filter((session) => !session.current).length ?? 0;
  return (
    <Card component="section" aria-labelledby="sessions-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="sessions-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Where you are signed in
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          Sign out any session you do not recognise, then change your password. Places are shown as the IP
          address a session signed in from: Liftoff does not look up locations.
        </Typography>
        {isLoading ? (
          <div role="status" aria-busy="true" aria-label="Loading your sessions">
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} sx={{ my: 1 }} />
            ))}
          </div>
        ) : error || !data ? (
          <RetryAlert
            message={`We could not load your sessions. ${errorMessage(error)}`}
            onRetry={() => void refetch()}
            retryLabel={isFetching ? 'Trying…' : 'Try again'}
            retryDisabled={isFetching}
          />
        ) : data.length === 0 ? (
          <Typography>No open sessions — sign in on a device and it shows here.</Typography>
        ) : (
          <>
            <List aria-label="Signed-in sessions">
              {data.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </List>
            {others > 0 ? (
              <Button
                sx={{ mt: 2 }}
                variant="outlined"
                color="error"
                loading={signingOut}
                onClick={() => void signOutOthers()}
              >
                Sign out all other sessions
              </Button>
            ) : (
              <Typography sx={{ mt: 2, color: 'text.secondary' }}>
                You are signed in on this device only.
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

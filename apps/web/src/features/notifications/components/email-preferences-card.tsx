import { notificationKindLabels, type MailableKind } from '@liftoff/contracts/notifications';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '../api';

/** The profile's notification settings: which kinds also come by e-mail. */
export function EmailPreferencesCard() {
  const { data, error, isLoading, isFetching, refetch } = useNotificationPreferencesQuery();
  const [update, { isLoading: saving }] = useUpdateNotificationPreferencesMutation();
  const kinds = Object.keys(notificationKindLabels) as MailableKind[];
  return (
    <Card component="section" aria-labelledby="notification-preferences-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="notification-preferences-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Notifications
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Everything shows under the bell. Choose what also comes by e-mail.
        </Typography>
        {isLoading ? (
          <div role="status" aria-busy="true" aria-label="Loading notification settings">
            {kinds.map((kind) => (
              <Skeleton key={kind} height={40} />
            ))}
          </div>
        ) : error || !data ? (
          <RetryAlert
            message={`We could not load your notification settings. ${errorMessage(error)}`}
            onRetry={() => void refetch()}
            retryLabel={isFetching ? 'Trying…' : 'Try again'}
            retryDisabled={isFetching}
          />
        ) : (
          <FormGroup>
            {kinds.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={data.email[kind]}
                    disabled={saving}
                    onChange={(event) => void update({ email: { [kind]: event.target.checked } })}
                  />
                }
                label={`E-mail me when ${notificationKindLabels[kind].charAt(0).toLowerCase()}${notificationKindLabels[kind].slice(1)}`}
              />
            ))}
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}

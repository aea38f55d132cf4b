import type { StudioFlag } from '@liftoff/contracts/flags';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useStudioFlagsQuery, useSwitchFlagMutation } from './api';

function FlagRow({ flag }: { flag: StudioFlag }) {
  const [switchFlag, { isLoading }] = useSwitchFlagMutation();
  const labelId = `flag-${flag.key}`;
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={labelId} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {flag.key}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            {flag.description || 'No description.'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {flag.isEnabled ? 'On' : 'Off'} since{' '}
            {new Date(flag.updatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </Typography>
        </Box>
        <Switch
          checked={flag.isEnabled}
          disabled={isLoading}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          onChange={(event) => void switchFlag({ key: flag.key, isEnabled: event.target.checked })}
        />
      </CardContent>
    </Card>
  );
}

/** Feature flags: what each one guards, and a switch that applies for everyone within moments. */
export function FlagsPage() {
  const { data, error, isLoading, refetch } = useStudioFlagsQuery();
  if (isLoading) return <PageSkeleton label="Loading the feature flags" cards={2} height={96} />;
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Feature flags</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Turn parts of Liftoff on or off for everyone. Every switch is written to the audit log.
        </Typography>
      </Box>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="the feature flags" />
      ) : !data?.length ? (
        <EmptyState icon={<FlagIcon fontSize="inherit" />} title="No feature flags">
          Flags appear here when the server starts with them; there are none on this installation.
        </EmptyState>
      ) : (
        data.map((flag) => <FlagRow key={flag.key} flag={flag} />)
      )}
    </Stack>
  );
}

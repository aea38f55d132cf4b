import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName } from '../../../lib/session';
import { selectAuth } from '../slice';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ py: 1.5 }}>
      <Typography sx={{ width: { sm: 200 }, color: 'text.secondary', flexShrink: 0 }}>{label}</Typography>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

/** The profile as the API knows it. Editing, password change and two-step setup arrive with their issue. */
export function ProfilePage() {
  const { user } = useSelector(selectAuth);
  if (!user) return null;
  const meta = user.meta;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 3 }}>
        Profile
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            You
          </Typography>
          <Row label="Name">{displayName(user)}</Row>
          <Divider />
          <Row label="E-mail">
            {user.email}{' '}
            <Chip
              size="small"
              color={user.verified ? 'success' : 'default'}
              label={user.verified ? 'Verified' : 'Not verified'}
              sx={{ ml: 1 }}
            />
          </Row>
          <Divider />
          <Row label="Two-step verification">
            {user.twoFactorEnabled
              ? `On (${user.twoFactorMethod === 'EMAIL' ? 'e-mail code' : 'authenticator app'})`
              : 'Off'}
          </Row>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', mt: 4, mb: 1 }}>
            Your startup
          </Typography>
          <Row label="Startup">{meta.startupName ?? '—'}</Row>
          <Divider />
          <Row label="Stage">{meta.stage ?? '—'}</Row>
          <Divider />
          <Row label="Industry">{meta.industry ?? '—'}</Row>
          <Divider />
          <Row label="What you want from the program">{meta.goals ?? '—'}</Row>
        </CardContent>
      </Card>
    </Box>
  );
}

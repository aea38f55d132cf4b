import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NotificationPreferencesSlot } from '../../../components/feature-slots';
import { selectAuth } from '../slice';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileDetailsCard } from '../components/profile-details-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** The profile: name, startup and picture; the password; two-step verification. */
export function ProfilePage() {
  const { user } = useSelector(selectAuth);
  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 3 }}>
        Profile
      </Typography>
      <Stack spacing={3}>
        {/* Keyed by the saved values so the form starts again from what the server answered. */}
        <ProfileDetailsCard
          key={`${user.firstName}|${user.lastName}|${user.meta.startupName}|${user.profileImageUrl?.length}`}
          user={user}
        />
        <TwoFactorCard />
        <ChangePasswordCard />
        <SessionsCard />
        <NotificationPreferencesSlot />
      </Stack>
    </Box>
  );
}

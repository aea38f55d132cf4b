import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NotificationPreferencesSlot, StartupSummarySlot } from '../../../components/feature-slots';
import { useMeQuery } from '../api';
import { selectAuth } from '../slice';
import { AccountDataCard } from '../components/account-data-card';
import { ChangeEmailCard } from '../components/change-email-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileDetailsCard } from '../components/profile-details-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** The profile: name, picture and the onboarding answers; two-step verification; address and password; sessions; the data and the account. */
export function ProfilePage() {
  const { user } = useSelector(selectAuth);
  // Read afresh on opening: the address may have changed from a link opened in another tab or device.
  useMeQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 3 }}>
        Profile
      </Typography>
      <Stack spacing={3}>
        <StartupSummarySlot />
        {/* Keyed by the saved values so the form starts again from what the server answered. */}
        <ProfileDetailsCard
          key={`${user.firstName}|${user.lastName}|${JSON.stringify(user.meta)}|${user.profileImageUrl?.length}`}
          user={user}
        />
        <TwoFactorCard />
        <ChangeEmailCard currentEmail={user.email} />
        <ChangePasswordCard />
        <SessionsCard />
        <NotificationPreferencesSlot />
        <AccountDataCard twoFactorEnabled={user.twoFactorEnabled} />
      </Stack>
    </Box>
  );
}

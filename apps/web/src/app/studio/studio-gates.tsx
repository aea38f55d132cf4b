import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LockIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../components/page-states';
import { paths } from '../../config/paths';

/** For a founder or expert: the studio does not exist for them (as the API answers, nothing more). */
export function StudioNotFound() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: { xs: 4, sm: 8 } }}>
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title="This page is not available"
        action={
          <Button variant="contained" component={RouterLink} to={paths.overview}>
            Go to your overview
          </Button>
        }
      >
        The link may be wrong, or this part of Liftoff is not open to your account.
      </EmptyState>
    </Box>
  );
}

/** For the program team without two-factor: the studio opens once it is on. */
export function StudioNeedsTwoFactor() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: { xs: 4, sm: 8 } }}>
      <EmptyState
        icon={<LockIcon fontSize="inherit" />}
        title="Turn on two-factor authentication to open the studio"
        action={
          <Button variant="contained" component={RouterLink} to={paths.profile}>
            Set up two-factor in your profile
          </Button>
        }
      >
        The studio shows founders&apos; work and lets you change who may do what, so it asks for a code from
        your authenticator app or your e-mail each time you sign in.
      </EmptyState>
    </Box>
  );
}

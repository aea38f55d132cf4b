import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSessionActions } from '../../../lib/session-actions';

/** "Not you?" escape hatch on the steps before the app. */
export function SessionFooter({ email }: { email?: string | null }) {
  const { logout } = useSessionActions();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary', mt: 3 }}>
      {email ? <>Signed in as {email}. </> : null}
      <Button variant="text" size="small" onClick={() => void logout()} sx={{ verticalAlign: 'baseline' }}>
        Use a different account
      </Button>
    </Typography>
  );
}

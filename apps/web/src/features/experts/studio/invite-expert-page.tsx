import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ExpertInvitation } from '@liftoff/contracts/experts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../../components/page-states';
import { useInviteExpertMutation } from '../portal-api';

/** The studio's invitation of an expert: the profile's e-mail gets a sign-up link to the expert portal. */
export function InviteExpertPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<ExpertInvitation | null>(null);
  const [invite, { isLoading }] = useInviteExpertMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError('Enter the e-mail address of the expert profile.');
      return;
    }
    setError(null);
    const result = await invite({ email: email.trim() });
    if ('data' in result && result.data) setSent(result.data);
    else setError('No invitation was sent. Check that an expert profile has this e-mail address.');
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <PageTitle>Invite an expert</PageTitle>
      <Typography>
        The expert receives a link to make their Liftoff account. Once they sign up with this address, their
        profile is linked and the expert portal opens for them.
      </Typography>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Expert's e-mail"
          type="email"
          fullWidth
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Send invitation
        </Button>
      </Box>
      {sent ? (
        <Alert severity="success">
          {sent.linked
            ? `${sent.email} already has an account; we sent them a link to the expert portal.`
            : `Invitation sent to ${sent.email}.`}
        </Alert>
      ) : null}
    </Stack>
  );
}

import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiExtra } from '../../../lib/api';
import { downloadAccountData } from '../account-api';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Taking the data away, and deleting the account (decision 041 says what goes and what stays). */
export function AccountDataCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const dispatch = useDispatch<ThunkDispatch<unknown, ApiExtra, UnknownAction>>();
  const [downloading, setDownloading] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setDownloading(true);
    setResult(null);
    const failure = await dispatch(downloadAccountData());
    setDownloading(false);
    setResult(
      failure
        ? { ok: false, message: failure }
        : { ok: true, message: 'Your data was downloaded: one JSON file with your files inside.' },
    );
  }

  return (
    <Card component="section" aria-labelledby="account-data-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="account-data-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Your data
        </Typography>
        <Stack spacing={3}>
          <Box>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              Download everything Liftoff keeps about you: your profile, progress, worksheets, handed-in
              files, questions, meetings, coach conversations and notifications, in one JSON file.
            </Typography>
            {result ? (
              <Alert
                severity={result.ok ? 'success' : 'error'}
                variant="outlined"
                role={result.ok ? 'status' : 'alert'}
                sx={{ mb: 2 }}
              >
                {result.message}
              </Alert>
            ) : null}
            <Button variant="outlined" loading={downloading} onClick={() => void download()}>
              Download my data
            </Button>
          </Box>
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
              Delete my account
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              This removes your account and everything in it for good, and signs you out everywhere. Download
              your data first if you want to keep it.
            </Typography>
            <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
              Delete my account…
            </Button>
          </Box>
        </Stack>
      </CardContent>
      {deleting ? (
        <DeleteAccountDialog twoFactorEnabled={twoFactorEnabled} onClose={() => setDeleting(false)} />
      ) : null}
    </Card>
  );
}

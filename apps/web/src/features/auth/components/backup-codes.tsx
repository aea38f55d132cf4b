import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { copyText } from '../../../lib/clipboard';

/** The ten backup codes, shown once right after setup, with copy and download. */
export function BackupCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = [
    'Liftoff backup codes',
    `Account: ${email}`,
    'Each code signs you in once when you cannot get a two-step verification code.',
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    setCopied(await copyText(text));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'liftoff-backup-codes.txt';
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="backup-codes-heading">
      <Typography id="backup-codes-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        Save your backup codes
      </Typography>
      <Alert severity="warning">
        This is the only time these codes are shown. Each one signs you in once if you cannot get a code. Keep
        them somewhere safe, like a password manager.
      </Alert>
      <Box
        component="ol"
        aria-label="Backup codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          m: 0,
          p: 2,
          pl: 5,
          bgcolor: 'action.hover',
          borderRadius: 2,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          Download (.txt)
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I saved my backup codes"
      />
      <Box>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          Done
        </Button>
      </Box>
    </Stack>
  );
}

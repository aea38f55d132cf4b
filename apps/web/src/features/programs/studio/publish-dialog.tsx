import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api';
import { usePublishProgramMutation, type PublishResult } from './authoring-api';

/**
 * Publishing the saved draft as a new version. The change summary is required: it is the team's record of
 * what changed and why, kept with the version (decision 042).
 */
export function PublishDialog({
  programKey,
  open,
  onClose,
  onPublished,
}: {
  programKey: string;
  open: boolean;
  onClose: () => void;
  onPublished: (result: PublishResult) => void;
}) {
  const [summary, setSummary] = useState('');
  const [missing, setMissing] = useState(false);
  const [publish, { isLoading, error, reset }] = usePublishProgramMutation();

  const submit = async () => {
    if (!summary.trim()) return setMissing(true);
    try {
      const result = await publish({ key: programKey, summary: summary.trim() }).unwrap();
      setSummary('');
      onPublished(result);
    } catch {
      // Shown in the dialog; the summary stays for another try.
    }
  };
  const close = () => {
    reset();
    setMissing(false);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="publish-title" fullWidth maxWidth="sm">
      <DialogTitle id="publish-title">Publish a new version</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Founders in this program move to the new version and keep their progress; a removed step stays in
          their outcomes.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(error)}
          </Alert>
        ) : null}
        <TextField
          label="What changed"
          value={summary}
          onChange={(event) => {
            setSummary(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          error={missing}
          helperText={missing ? 'Write what changed: the team and the version history read it.' : ' '}
          required
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {isLoading ? 'Publishing…' : 'Publish'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

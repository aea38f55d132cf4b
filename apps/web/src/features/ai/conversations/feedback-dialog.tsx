import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';

export const DISLIKE_REASONS = [
  'Not accurate',
  'Not relevant to my startup',
  'Too vague',
  'Too long',
  'Something else',
] as const;

/** Thumbs down: why (optional) and a comment (optional). */
export function FeedbackDialog({
  open,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (value: { reason?: string; comment?: string }) => void;
}) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const labelId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => (setReason(''), setComment('')) } }}
    >
      <DialogTitle>What was wrong with this answer?</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={labelId}>Reason (optional)</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            {DISLIKE_REASONS.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="Tell us more (optional)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => onSubmit({ reason: reason || undefined, comment: comment.trim() || undefined })}
        >
          {busy ? 'Sending…' : 'Send feedback'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

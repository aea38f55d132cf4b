import { useState } from 'react';
import type { SupportTicket } from '@liftoff/contracts/support';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useReplyToSupportMutation, useSetSupportStatusMutation } from './api';

const when = (value: string) =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One message with its replies; the reply is e-mailed to the sender and shown in their notifications. */
export function TicketDialog({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [reply, { isLoading: sending }] = useReplyToSupportMutation();
  const [setStatus, { isLoading: closing }] = useSetSupportStatusMutation();
  const tooLong = message.length > 5000;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-title">
      <DialogTitle id="ticket-title">{ticket.subject}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            From {ticket.email} · {when(ticket.createdAt)}
            {ticket.page ? ` · sent from ${ticket.page}` : ''}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{ticket.message}</Typography>
          {ticket.replies.map((r) => (
            <Stack key={r.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {r.authorEmail ?? 'A removed account'} answered · {when(r.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.message}</Typography>
            </Stack>
          ))}
          <TextField
            label="Your reply"
            multiline
            minRows={4}
            value={message}
            error={tooLong}
            helperText={
              tooLong
                ? 'Keep the reply under 5,000 characters'
                : 'Sent by e-mail; they also see it in Liftoff.'
            }
            onChange={(event) => setMessage(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {ticket.status !== 'closed' ? (
          <Button
            disabled={closing}
            onClick={() => void setStatus({ id: ticket.id, status: 'closed' }).unwrap().then(onClose)}
          >
            Close without reply
          </Button>
        ) : null}
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={sending || !message.trim() || tooLong}
          onClick={() => void reply({ id: ticket.id, message: message.trim() }).unwrap().then(onClose)}
        >
          Send reply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

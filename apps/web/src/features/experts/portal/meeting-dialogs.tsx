import { useId, useState } from 'react';
import type { PortalMeeting } from '@liftoff/contracts/expert-meetings';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { errorMessage } from '../../../lib/api';
import { addDays, formatDateTime, formatTime, todayIn } from '../lib/time';
import {
  useAnswerMeetingMutation,
  useExpertCancelMeetingMutation,
  useMeetingSlotsQuery,
  useProposeMeetingMutation,
} from '../meetings-api';

export type MeetingAction = 'accept' | 'decline' | 'propose' | 'cancel';

const titles: Record<MeetingAction, string> = {
  accept: 'Accept this meeting',
  decline: 'Decline this meeting',
  propose: 'Propose another time',
  cancel: 'Cancel this meeting',
};
const confirmLabels: Record<MeetingAction, string> = {
  accept: 'Accept meeting',
  decline: 'Decline meeting',
  propose: 'Send proposal',
  cancel: 'Cancel meeting',
};

/** Free slots of the expert's own calendar for moving the meeting, on a date they pick. */
function SlotPicker({
  meeting,
  zone,
  value,
  onChange,
}: {
  meeting: PortalMeeting;
  zone: string;
  value: string | null;
  onChange: (start: string | null) => void;
}) {
  const [date, setDate] = useState(() => addDays(todayIn(zone), 1));
  const slots = useMeetingSlotsQuery({ meetingId: meeting.id, date }, { skip: !date });
  return (
    <Stack spacing={1.5}>
      <TextField
        type="date"
        label="Date"
        value={date}
        onChange={(e) => {
          setDate(e.target.value);
          onChange(null);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {slots.isFetching ? (
        <Skeleton variant="rounded" height={40} aria-label="Loading free times" />
      ) : slots.isError ? (
        <Alert severity="error" action={<Button onClick={() => void slots.refetch()}>Try again</Button>}>
          {errorMessage(slots.error)}
        </Alert>
      ) : !slots.data?.slots.length ? (
        <Typography sx={{ color: 'text.secondary' }}>No free time on this date — try another day.</Typography>
      ) : (
        <ToggleButtonGroup
          exclusive
          value={value}
          onChange={(_e, start: string | null) => onChange(start)}
          aria-label="Free times"
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButton-root': { border: 1, borderColor: 'divider' } }}
        >
          {slots.data.slots.map((start) => (
            <ToggleButton key={start} value={start} size="small" sx={{ minWidth: 80 }}>
              {formatTime(start, zone)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Stack>
  );
}

/**
 * One dialog for the expert's changes to a meeting: accept or decline with a message, propose another of
 * their free slots, or cancel. The founder gets the message with the updated invite.
 */
export function MeetingActionDialog({
  meeting,
  action,
  zone,
  onClose,
}: {
  meeting: PortalMeeting;
  action: MeetingAction;
  zone: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [message, setMessage] = useState('');
  const [start, setStart] = useState<string | null>(null);
  const [missingSlot, setMissingSlot] = useState(false);
  const [answer, answering] = useAnswerMeetingMutation();
  const [propose, proposing] = useProposeMeetingMutation();
  const [cancel, cancelling] = useExpertCancelMeetingMutation();
  const busy = answering.isLoading || proposing.isLoading || cancelling.isLoading;

  const submit = async () => {
    const text = message.trim() || undefined;
    const base = { meetingId: meeting.id, message: text };
    if (action === 'propose' && !start) {
      setMissingSlot(true);
      return;
    }
    const result =
      action === 'propose'
        ? await propose({ ...base, start: start! })
        : action === 'cancel'
          ? await cancel(base)
          : await answer({ ...base, answer: action });
    if (!('error' in result)) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{titles[action]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>
            {meeting.serviceName} with {meeting.founderName}, {formatDateTime(meeting.start, zone)}. Both of
            you get the updated calendar invite by e-mail.
          </DialogContentText>
          {action === 'propose' ? (
            <>
              <SlotPicker
                meeting={meeting}
                zone={zone}
                value={start}
                onChange={(value) => {
                  setStart(value);
                  setMissingSlot(false);
                }}
              />
              {missingSlot ? (
                <Alert severity="warning" role="alert">
                  Pick one of your free times first.
                </Alert>
              ) : null}
            </>
          ) : null}
          <TextField
            label="Message to the founder (optional)"
            multiline
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button
          variant="contained"
          color={action === 'decline' || action === 'cancel' ? 'error' : 'primary'}
          onClick={() => void submit()}
          disabled={busy}
        >
          {busy ? 'Sending…' : confirmLabels[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

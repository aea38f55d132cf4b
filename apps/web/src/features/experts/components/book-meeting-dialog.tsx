import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Expert, MeetingRequest } from '@liftoff/contracts/experts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useAvailabilityQuery, useRequestMeetingMutation } from '../api';
import {
  addDays,
  formatDate,
  formatDateTime,
  formatTime,
  nextWeekday,
  timeZones,
  todayIn,
  userTimeZone,
} from '../lib/time';
import { AddToCalendarButton } from './add-to-calendar';
import { ExpertPicker, fullName, useExpertChoices } from './expert-picker';

function firstBookableDate(expert: Expert, timezone: string): string {
  const today = todayIn(timezone);
  const earliest = addDays(today, Math.ceil(expert.booking.minimumNoticeHours / 24) + 1);
  const latest = addDays(today, expert.booking.bookingWindowDays);
  const pick = nextWeekday(earliest);
  return pick > latest ? today : pick;
}

function Slots({
  expert,
  serviceKey,
  date,
  timezone,
  value,
  onChange,
}: {
  expert: Expert;
  serviceKey: string;
  date: string;
  timezone: string;
  value: string;
  onChange: (slot: string) => void;
}) {
  const labelId = useId();
  const query = useAvailabilityQuery({ expertId: expert.id, date, timezone, serviceKey });
  const slots = query.data?.slots ?? [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={labelId} sx={{ fontWeight: 600, mb: 1 }}>
        Free times on {formatDate(date)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Shown in {timezone.replace(/_/g, ' ')}.
      </Typography>
      {query.isFetching && !query.data ? (
        <Stack direction="row" spacing={1} role="status" aria-label="Loading free times">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" width={88} height={40} />
          ))}
        </Stack>
      ) : query.isError ? (
        <RetryAlert
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retryLabel="Try again"
        />
      ) : slots.length === 0 ? (
        <Typography role="status">
          No free times on this day — pick another date, such as a weekday a little further ahead.
        </Typography>
      ) : (
        <Box
          role="radiogroup"
          aria-labelledby={labelId}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, opacity: query.isFetching ? 0.6 : 1 }}
        >
          {slots.map((slot) => (
            <Button
              key={slot}
              role="radio"
              aria-checked={value === slot}
              variant={value === slot ? 'contained' : 'outlined'}
              onClick={() => onChange(slot)}
              sx={{ minWidth: 88, minHeight: 40 }}
            >
              {formatTime(slot, timezone)}
            </Button>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Confirmation({
  meeting,
  expert,
  onDone,
}: {
  meeting: MeetingRequest;
  expert: Expert;
  onDone: () => void;
}) {
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography variant="h3" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            Request sent to {fullName(expert)}
          </Typography>
          <Typography>
            {meeting.serviceName}, {meeting.duration} min — {formatDateTime(meeting.start, meeting.timezone)}{' '}
            ({meeting.timezone.replace(/_/g, ' ')})
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: '50ch' }}>
            You and your expert both got an e-mail with a calendar invite. You will hear when they accept; you
            can cancel from “My requests”.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <AddToCalendarButton meeting={meeting} />
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

/** Book a meeting: service, date, free slots in the founder's time zone, a note, and a confirmation. */
export function BookMeetingDialog({
  open,
  onClose,
  expert,
}: {
  open: boolean;
  onClose: () => void;
  expert: Expert;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const experts = useExpertChoices(expert);
  const [expertId, setExpertId] = useState(expert.id);
  const chosen = experts.find((e) => e.id === expertId) ?? expert;
  const [timezone, setTimezone] = useState(userTimeZone);
  const zones = useMemo(() => timeZones(timezone), [timezone]);
  const [serviceKey, setServiceKey] = useState(chosen.services[0]?.serviceKey ?? '');
  const [date, setDate] = useState(() => firstBookableDate(chosen, timezone));
  const [slot, setSlot] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<MeetingRequest | null>(null);
  const [request, { isLoading }] = useRequestMeetingMutation();

  const pickExpert = (id: string) => {
    const next = experts.find((e) => e.id === id);
    setExpertId(id);
    setServiceKey(next?.services[0]?.serviceKey ?? '');
    setSlot('');
  };

  const today = todayIn(timezone);
  const lastDay = addDays(today, chosen.booking.bookingWindowDays);
  const dateValid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && date <= lastDay;
  const service = chosen.services.find((s) => s.serviceKey === serviceKey) ?? chosen.services[0];

  const close = () => {
    setDone(null);
    setSlot('');
    setNote('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slot || !service) return;
    const result = await request({
      expertId: chosen.id,
      serviceKey: service.serviceKey,
      start: slot,
      timezone,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if ('data' in result && result.data) setDone(result.data);
    else setSlot('');
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>Book a meeting with {fullName(chosen)}</DialogTitle>
      {done ? (
        <Confirmation meeting={done} expert={chosen} onDone={close} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent sx={{ pt: 1 }}>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <ExpertPicker experts={experts} value={expertId} onChange={pickExpert} />
              <TextField
                select
                label="Meeting type"
                value={service?.serviceKey ?? ''}
                onChange={(event) => {
                  setServiceKey(event.target.value);
                  setSlot('');
                }}
              >
                {chosen.services.map((s) => (
                  <MenuItem key={s.serviceKey} value={s.serviceKey}>
                    {s.name} · {s.duration} min
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label="Date"
                  value={date}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setSlot('');
                  }}
                  error={Boolean(date) && !dateValid}
                  helperText={
                    date && !dateValid
                      ? `Pick a date from ${formatDate(today)} to ${formatDate(lastDay)}.`
                      : `Bookings open ${chosen.booking.bookingWindowDays} days ahead.`
                  }
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: lastDay } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label="Time zone"
                  value={timezone}
                  onChange={(event) => {
                    setTimezone(event.target.value);
                    setSlot('');
                  }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  helperText="Times are shown in this zone."
                  sx={{ flex: 1 }}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, ' ')}
                    </option>
                  ))}
                </TextField>
              </Stack>
              {dateValid && service ? (
                <Slots
                  expert={chosen}
                  serviceKey={service.serviceKey}
                  date={date}
                  timezone={timezone}
                  value={slot}
                  onChange={setSlot}
                />
              ) : (
                <Typography sx={{ color: 'text.secondary' }}>Pick a date to see the free times.</Typography>
              )}
              <TextField
                label="Note for the expert (optional)"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={2}
                helperText="What would you like to talk about?"
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
              {slot && service ? (
                <Typography aria-live="polite">
                  {service.name}, {service.duration} min on {formatDateTime(slot, timezone)} (
                  {timezone.replace(/_/g, ' ')}).
                </Typography>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!slot || isLoading}>
              {isLoading ? 'Sending…' : `Book ${service?.duration ?? ''} min`}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

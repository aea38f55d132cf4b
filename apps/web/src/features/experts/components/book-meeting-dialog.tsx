import { useEffect, useId, useState } from 'react';
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
import { useAvailabilityDaysQuery, useAvailabilityQuery, useRequestMeetingMutation } from '../api';
import {
  addDays,
  addMonths,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  monthOf,
  todayIn,
  userTimeZone,
} from '../lib/time';
import { AddToCalendarButton } from './add-to-calendar';
import { fullName } from '../lib/names';
import { ExpertPicker, useExpertChoices } from './expert-picker';
import { MonthCalendar } from './month-calendar';
import { ZonePicker } from './zone-picker';

/**
 * The month view's state: the visible month and the day picked in it. Until the founder picks a day, the
 * first day with free times is chosen for them, and an empty month moves on to the next one inside the
 * booking window, so the dialog opens where booking is possible.
 */
function useBookingCalendar(expert: Expert, serviceKey: string, timezone: string) {
  const today = todayIn(timezone);
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(addDays(today, expert.booking.bookingWindowDays));
  const [month, setMonth] = useState(firstMonth);
  const [picked, setPicked] = useState<string | null>(null);
  const [following, setFollowing] = useState(true);
  const days = useAvailabilityDaysQuery(
    { expertId: expert.id, month, timezone, serviceKey },
    { skip: !serviceKey },
  );
  const current = days.currentData?.days ?? null;

  useEffect(() => {
    if (following && current && !current.length && month < lastMonth) setMonth(addMonths(month, 1));
  }, [following, current, month, lastMonth]);

  // Another expert, service or zone changes which days are free: start again from this month.
  const [key, setKey] = useState(`${expert.id}|${serviceKey}|${timezone}`);
  const nextKey = `${expert.id}|${serviceKey}|${timezone}`;
  if (key !== nextKey) {
    setKey(nextKey);
    setMonth(firstMonth);
    setPicked(null);
    setFollowing(true);
  }

  const free = current ?? [];
  return {
    month,
    freeDays: free,
    date: picked ?? free[0] ?? null,
    loading: days.isFetching,
    error: days.isError ? days.error : null,
    retry: () => void days.refetch(),
    canGoBack: month > firstMonth,
    canGoForward: month < lastMonth,
    goTo: (next: string) => {
      setFollowing(false);
      setPicked(null);
      setMonth(next);
    },
    pick: (date: string) => setPicked(date),
  };
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
  // Only this day's own answer: RTK Query's `data` would keep the day picked before on screen until the new
  // one arrives, under this day's heading, and a quick click would book a time on the wrong day.
  const current = query.currentData;
  const slots = current?.slots ?? [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={labelId} sx={{ fontWeight: 600, mb: 1 }}>
        Free times on {formatDate(date)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Shown in {timezone.replace(/_/g, ' ')}.
      </Typography>
      {query.isError ? (
        <RetryAlert
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retryLabel="Try again"
        />
      ) : !current ? (
        <Stack direction="row" spacing={1} role="status" aria-label="Loading free times">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" width={88} height={40} />
          ))}
        </Stack>
      ) : slots.length === 0 ? (
        <Typography role="status">No free times on this day any more — pick another marked day.</Typography>
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
              value={slot}
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
  const [serviceKey, setServiceKey] = useState(chosen.services[0]?.serviceKey ?? '');
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

  const service = chosen.services.find((s) => s.serviceKey === serviceKey) ?? chosen.services[0];
  const calendar = useBookingCalendar(chosen, service?.serviceKey ?? '', timezone);
  const date = calendar.date;

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
              <ZonePicker
                value={timezone}
                onChange={(zone) => {
                  setTimezone(zone);
                  setSlot('');
                }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <Box sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 300 } }}>
                  <MonthCalendar
                    month={calendar.month}
                    freeDays={calendar.freeDays}
                    selected={date}
                    loading={calendar.loading}
                    canGoBack={calendar.canGoBack}
                    canGoForward={calendar.canGoForward}
                    onMonthChange={(month) => {
                      calendar.goTo(month);
                      setSlot('');
                    }}
                    onSelect={(day) => {
                      calendar.pick(day);
                      setSlot('');
                    }}
                  />
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                    Marked days have free times. Bookings open {chosen.booking.bookingWindowDays} days ahead.
                  </Typography>
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {calendar.error ? (
                    <RetryAlert
                      message={errorMessage(calendar.error)}
                      onRetry={calendar.retry}
                      retryLabel="Try again"
                    />
                  ) : date && service ? (
                    <Slots
                      expert={chosen}
                      serviceKey={service.serviceKey}
                      date={date}
                      timezone={timezone}
                      value={slot}
                      onChange={setSlot}
                    />
                  ) : calendar.loading ? (
                    <Stack spacing={1} role="status" aria-label="Loading free days">
                      {[0, 1, 2].map((i) => (
                        <Skeleton key={i} variant="rounded" height={40} />
                      ))}
                    </Stack>
                  ) : (
                    <Typography role="status" sx={{ color: 'text.secondary' }}>
                      No free times in {formatMonth(calendar.month)}
                      {calendar.canGoForward ? ' — try the next month.' : ' within the booking window.'}
                    </Typography>
                  )}
                </Box>
              </Stack>
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

import { useState } from 'react';
import type { PortalMeeting, PortalMeetingFilter } from '@liftoff/contracts/expert-meetings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/EventOutlined';
import { MarkdownSlot } from '../../../components/feature-slots';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { formatDateTime, userTimeZone } from '../lib/time';
import { useMeetingNotesMutation, usePortalMeetingsQuery } from '../meetings-api';
import { ProposedChip } from '../components/proposed-chip';
import { CalendarFeedCard } from './calendar-feed-card';
import { MeetingActionDialog, type MeetingAction } from './meeting-dialogs';

const filters: { value: PortalMeetingFilter; label: string; empty: string }[] = [
  { value: 'pending', label: 'Pending', empty: 'When a founder asks to meet you, the request waits here.' },
  {
    value: 'accepted',
    label: 'Accepted',
    empty: 'Meetings you accepted and that are still ahead show here.',
  },
  { value: 'declined', label: 'Declined', empty: 'Declined and cancelled meetings show here.' },
  {
    value: 'past',
    label: 'Past',
    empty: 'After an accepted meeting, write your notes for the founder here.',
  },
];

function statusOf(m: PortalMeeting): {
  label: string;
  color: 'default' | 'info' | 'success' | 'error' | 'warning';
} {
  if (m.status === 'REQUESTED')
    return m.awaiting === 'founder'
      ? { label: 'Proposed', color: 'warning' }
      : { label: 'Pending', color: 'info' };
  if (m.status === 'ACCEPTED') return { label: 'Accepted', color: 'success' };
  if (m.status === 'DECLINED') return { label: 'Declined', color: 'error' };
  return {
    label: m.cancelledBy === 'expert' ? 'Cancelled by you' : 'Cancelled by the founder',
    color: 'default',
  };
}

/** The expert's notes after a meeting, shown to the founder. */
function NotesForm({ meeting }: { meeting: PortalMeeting }) {
  const [notes, setNotes] = useState(meeting.notes ?? '');
  const [empty, setEmpty] = useState(false);
  const [save, saving] = useMeetingNotesMutation();
  const submit = async () => {
    if (!notes.trim()) {
      setEmpty(true);
      return;
    }
    await save({ meetingId: meeting.id, notes });
  };
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <TextField
        label="Notes for the founder (Markdown)"
        multiline
        minRows={3}
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          setEmpty(false);
        }}
        error={empty}
        helperText={empty ? 'Write your notes first.' : 'The founder sees them with the meeting.'}
      />
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={saving.isLoading}>
          {meeting.notes ? 'Update notes' : 'Share notes'}
        </Button>
      </Box>
    </Stack>
  );
}

function MeetingCard({
  meeting,
  zone,
  onAction,
}: {
  meeting: PortalMeeting;
  zone: string;
  onAction: (action: MeetingAction) => void;
}) {
  const status = statusOf(meeting);
  const past = new Date(meeting.end).getTime() <= Date.now();
  const waitsForMe = meeting.status === 'REQUESTED' && meeting.awaiting === 'expert' && !past;
  const live = (meeting.status === 'REQUESTED' || meeting.status === 'ACCEPTED') && !past;
  const c = meeting.context;
  return (
    <Card variant="outlined" component="li" aria-label={`${meeting.serviceName} with ${meeting.founderName}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {meeting.serviceName} with {meeting.founderName}
          </Typography>
          {status.label === 'Proposed' ? (
            <ProposedChip label={status.label} />
          ) : (
            <Chip size="small" label={status.label} color={status.color} />
          )}
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {formatDateTime(meeting.start, zone)} · {meeting.duration} min
        </Typography>
        {c ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {[
              c.startupName && `Startup: ${c.startupName}`,
              c.milestoneName && `Milestone: ${c.milestoneName}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        ) : null}
        {meeting.note ? (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{meeting.note}”
          </Typography>
        ) : null}
        {meeting.expertMessage ? (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            You wrote: {meeting.expertMessage}
          </Typography>
        ) : null}
        {meeting.status === 'REQUESTED' && meeting.awaiting === 'founder' ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Waiting for the founder to accept the new time.
          </Typography>
        ) : null}
        {live ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            {waitsForMe ? (
              <>
                <Button variant="contained" onClick={() => onAction('accept')}>
                  Accept
                </Button>
                <Button variant="outlined" onClick={() => onAction('decline')}>
                  Decline
                </Button>
              </>
            ) : null}
            <Button onClick={() => onAction('propose')}>Propose another time</Button>
            {!waitsForMe ? (
              <Button color="error" onClick={() => onAction('cancel')}>
                Cancel meeting
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {meeting.status === 'ACCEPTED' && past ? (
          <>
            {meeting.notes ? (
              <Box sx={{ mt: 1.5 }}>
                <MarkdownSlot source={meeting.notes} />
              </Box>
            ) : null}
            <NotesForm meeting={meeting} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The expert's meetings: requests to answer, accepted and past ones, and the calendar feed. Works on a phone. */
export function MeetingsPage() {
  const [status, setStatus] = useState<PortalMeetingFilter>('pending');
  const [open, setOpen] = useState<{ meeting: PortalMeeting; action: MeetingAction } | null>(null);
  const { data, error, isLoading, isFetching, refetch } = usePortalMeetingsQuery(status);
  const zone = userTimeZone();
  const filter = filters.find((f) => f.value === status)!;

  return (
    <Stack spacing={2}>
      <PageTitle>Meetings</PageTitle>
      <Tabs
        value={status}
        onChange={(_e, value: PortalMeetingFilter) => setStatus(value)}
        aria-label="Which meetings"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {filters.map((f) => (
          <Tab key={f.value} value={f.value} label={f.label} />
        ))}
      </Tabs>
      {isLoading ? (
        <PageSkeleton label="Loading your meetings" cards={3} height={120} />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="your meetings" />
      ) : !data?.length ? (
        <EmptyState icon={<EventIcon />} title={`No ${filter.label.toLowerCase()} meetings`}>
          {filter.empty}
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-busy={isFetching}>
          {data.map((m) => (
            <MeetingCard
              key={m.id}
              meeting={m}
              zone={zone}
              onAction={(action) => setOpen({ meeting: m, action })}
            />
          ))}
        </Stack>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Times are shown in your time zone ({zone.replace(/_/g, ' ')}).
      </Typography>
      <CalendarFeedCard />
      {open ? (
        <MeetingActionDialog
          meeting={open.meeting}
          action={open.action}
          zone={zone}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/EventOutlined';
import { useMeetingsQuery } from '../api';
import { formatDateTime } from '../lib/time';
import { AddToCalendarButton } from './add-to-calendar';
import { fullName } from '../lib/names';

/**
 * The founder's meetings still ahead (requested or accepted), for the overview's "Your to-do". Renders
 * nothing while loading, on failure or when none is coming: the to-do list stands on its own.
 */
export function UpcomingMeetings() {
  const meetings = useMeetingsQuery();
  const now = Date.now();
  const upcoming = (meetings.data ?? [])
    .filter((m) => (m.status === 'REQUESTED' || m.status === 'ACCEPTED') && Date.parse(m.end) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (!upcoming.length) return null;
  return (
    <Box component="section" aria-labelledby="upcoming-meetings-title" sx={{ mt: 2 }}>
      <Typography id="upcoming-meetings-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        Meetings coming up
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {upcoming.map((meeting) => (
          <Stack
            component="li"
            key={meeting.id}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1.25, rowGap: 1 }}
          >
            <EventIcon color="secondary" aria-hidden="true" />
            <Box sx={{ flex: 1, minWidth: 180 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {meeting.serviceName} with {fullName(meeting.expert)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatDateTime(meeting.start, meeting.timezone)}
                {meeting.status === 'REQUESTED' ? ' · waiting for the expert to accept' : ''}
              </Typography>
            </Box>
            <AddToCalendarButton meeting={meeting} />
          </Stack>
        ))}
      </Box>
    </Box>
  );
}

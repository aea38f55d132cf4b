import { useId, useState } from 'react';
import type { MeetingRequest, MeetingStatus } from '@liftoff/contracts/experts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { MarkdownSlot } from '../../../components/feature-slots';
import { useCancelMeetingMutation, useMeetingsQuery, useQuestionsQuery } from '../api';
import { useAnswerProposalMutation } from '../meetings-api';
import { formatDateTime } from '../lib/time';
import { AddToCalendarButton } from './add-to-calendar';
import { fullName } from '../lib/names';
import { ProposedChip } from './proposed-chip';

const statusLabel: Record<MeetingStatus, string> = {
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};
const statusColor: Record<MeetingStatus, 'default' | 'info' | 'success' | 'error'> = {
  REQUESTED: 'info',
  ACCEPTED: 'success',
  DECLINED: 'error',
  CANCELLED: 'default',
};

function LoadingRows({ label }: { label: string }) {
  return (
    <Stack spacing={1} role="status" aria-label={label}>
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={72} />
    </Stack>
  );
}

function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <RetryAlert message={errorMessage(error)} onRetry={onRetry} retryLabel="Try again" />;
}

function MeetingRow({
  meeting,
  onCancel,
}: {
  meeting: MeetingRequest;
  onCancel: (m: MeetingRequest) => void;
}) {
  const open = meeting.status === 'REQUESTED' || meeting.status === 'ACCEPTED';
  const proposed = meeting.status === 'REQUESTED' && meeting.awaiting === 'founder';
  const when = formatDateTime(meeting.start, meeting.timezone);
  const [answerProposal, answering] = useAnswerProposalMutation();
  return (
    <Box
      component="li"
      aria-label={`${meeting.serviceName} with ${fullName(meeting.expert)}, ${when}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {meeting.serviceName} with {fullName(meeting.expert)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {when} ({meeting.timezone.replace(/_/g, ' ')}) · {meeting.duration} min
          </Typography>
        </Box>
        {proposed ? (
          <ProposedChip label="New time proposed" />
        ) : (
          <Chip size="small" label={statusLabel[meeting.status]} color={statusColor[meeting.status]} />
        )}
      </Stack>
      {meeting.expertMessage ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {meeting.expert.firstName} wrote: {meeting.expertMessage}
        </Typography>
      ) : null}
      {proposed ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Typography variant="body2">{meeting.expert.firstName} proposed this new time.</Typography>
          <Button
            size="small"
            variant="contained"
            disabled={answering.isLoading}
            onClick={() => void answerProposal({ meetingId: meeting.id, answer: 'accept' })}
          >
            Accept new time
          </Button>
          <Button
            size="small"
            disabled={answering.isLoading}
            onClick={() => void answerProposal({ meetingId: meeting.id, answer: 'decline' })}
          >
            Decline
          </Button>
        </Stack>
      ) : null}
      {meeting.notes ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Notes from {meeting.expert.firstName}
          </Typography>
          <MarkdownSlot source={meeting.notes} />
        </Box>
      ) : null}
      {open ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <AddToCalendarButton meeting={meeting} />
          <Button size="small" color="error" onClick={() => onCancel(meeting)}>
            Cancel request
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}

/** "My requests": the founder's meeting requests (status, calendar invite, cancel) and questions. */
export function MyRequestsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const confirmId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const meetings = useMeetingsQuery(undefined, { skip: !open });
  const questions = useQuestionsQuery(undefined, { skip: !open });
  const [cancelMeeting, { isLoading: cancelling }] = useCancelMeetingMutation();
  const [toCancel, setToCancel] = useState<MeetingRequest | null>(null);

  const confirmCancel = async () => {
    if (!toCancel) return;
    await cancelMeeting(toCancel.id);
    setToCancel(null);
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
      >
        <DialogTitle id={titleId}>My requests</DialogTitle>
        <DialogContent>
          <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 700, mb: 1.5 }}>
            Meetings
          </Typography>
          {meetings.isLoading ? (
            <LoadingRows label="Loading your meetings" />
          ) : meetings.isError ? (
            <Failure error={meetings.error} onRetry={() => void meetings.refetch()} />
          ) : !meetings.data?.length ? (
            <Typography sx={{ color: 'text.secondary' }}>
              No meeting requests yet — book a meeting with your expert to see it here.
            </Typography>
          ) : (
            <Stack
              component="ul"
              spacing={1.5}
              sx={{ p: 0, m: 0, listStyle: 'none' }}
              aria-label="Meeting requests"
            >
              {meetings.data.map((meeting) => (
                <MeetingRow key={meeting.id} meeting={meeting} onCancel={setToCancel} />
              ))}
            </Stack>
          )}
          <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 700, mt: 3, mb: 1.5 }}>
            Questions
          </Typography>
          {questions.isLoading ? (
            <LoadingRows label="Loading your questions" />
          ) : questions.isError ? (
            <Failure error={questions.error} onRetry={() => void questions.refetch()} />
          ) : !questions.data?.length ? (
            <Typography sx={{ color: 'text.secondary' }}>
              No questions yet — ask your expert one and it will be listed here.
            </Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Questions">
              {questions.data.map((question) => (
                <Box
                  component="li"
                  key={question.id}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{question.subject}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    To {fullName(question.expert)} · {new Date(question.createdAt).toLocaleDateString()}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                    {question.question}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={Boolean(toCancel)} onClose={() => setToCancel(null)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>Cancel this meeting request?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {toCancel
              ? `${toCancel.serviceName} with ${fullName(toCancel.expert)} on ${formatDateTime(toCancel.start, toCancel.timezone)}. Both of you get a cancellation by e-mail.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToCancel(null)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirmCancel()}
            disabled={cancelling}
          >
            {cancelling ? 'Cancelling…' : 'Cancel meeting'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

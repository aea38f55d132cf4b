import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ReviewDecision, StudioDeliverable } from '@liftoff/contracts/programs-review';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { paths } from '../../../config/paths';
import { reviewStatusMeta, ReviewStatusChip } from '../components/review-status';
import { ReviewThread } from '../components/review-thread';
import { StatusChip } from '../components/status';
import { useCommentOnReviewMutation, useMoveReviewMutation, useStudioDeliverableQuery } from './api';
import { VersionList } from './version-list';

/** Where the review stands, in the team's words, and what each open move is called. */
const teamNote: Record<StudioDeliverable['status'], string> = {
  submitted: 'Waiting for someone from the team to start the review.',
  in_review: 'In review: approve it, or ask the founder for changes.',
  changes_requested: 'The founder was asked for changes; their next version comes back here.',
  approved: 'Approved. Reopen the review if something needs another look.',
};

function RequestChangesDialog({
  open,
  onClose,
  onSubmit,
  saving,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (comment: string) => Promise<boolean>;
  saving: boolean;
}) {
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!comment.trim()) return setError('Say what should change.');
          if (await onSubmit(comment.trim())) {
            setComment('');
            onClose();
          }
        }}
      >
        <DialogTitle id={titleId}>Request changes</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The founder is notified and sees your comment on their deliverable page.
          </DialogContentText>
          <TextField
            label="What should change"
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setError(null);
            }}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving}>
            Request changes
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Actions({ deliverable }: { deliverable: StudioDeliverable }) {
  const [move, moving] = useMoveReviewMutation();
  const [asking, setAsking] = useState(false);
  const send = async (status: ReviewDecision, comment?: string) =>
    !('error' in (await move({ id: deliverable.id, status, ...(comment ? { comment } : {}) })));
  const allowed = new Set(deliverable.allowedMoves);
  const reopen = deliverable.status === 'approved' || deliverable.status === 'changes_requested';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
      {allowed.has('in_review') ? (
        <Button
          variant={reopen ? 'outlined' : 'contained'}
          startIcon={reopen ? <ReplayIcon /> : <VisibilityIcon />}
          loading={moving.isLoading && moving.originalArgs?.status === 'in_review'}
          onClick={() => void send('in_review')}
        >
          {reopen ? 'Reopen the review' : 'Start review'}
        </Button>
      ) : null}
      {allowed.has('approved') ? (
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckCircleIcon />}
          loading={moving.isLoading && moving.originalArgs?.status === 'approved'}
          onClick={() => void send('approved')}
        >
          Approve
        </Button>
      ) : null}
      {allowed.has('changes_requested') ? (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<EditNoteIcon />}
          onClick={() => setAsking(true)}
        >
          Request changes
        </Button>
      ) : null}
      <RequestChangesDialog
        open={asking}
        onClose={() => setAsking(false)}
        saving={moving.isLoading}
        onSubmit={(comment) => send('changes_requested', comment)}
      />
    </Stack>
  );
}

/** One deliverable in the studio: every version, the status moves open now and the thread. */
export function ReviewPage() {
  const { deliverableId = '' } = useParams();
  const query = useStudioDeliverableQuery(deliverableId, { skip: !deliverableId });
  const [comment, commenting] = useCommentOnReviewMutation();

  const back = (
    <Link component={RouterLink} to={paths.studioReviews} variant="body2">
      Back to the review queue
    </Link>
  );
  if (query.isLoading) return <PageSkeleton label="Loading the deliverable" cards={3} />;
  if (query.isError || !query.data)
    return (
      <Stack spacing={3}>
        {back}
        <PageTitle>Deliverable</PageTitle>
        <LoadError error={query.error} onRetry={() => void query.refetch()} what="this deliverable" />
      </Stack>
    );
  const data = query.data;
  const missionLine = data.requiresApproval
    ? 'In this program the mission completes when you approve the deliverable.'
    : 'In this program the mission completed when the deliverable was handed in.';

  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      <Box>
        {back}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}
        >
          <PageTitle>{data.deliverableTitle}</PageTitle>
          <ReviewStatusChip status={data.status} />
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {data.founder.name}
          {data.founder.startupName ? ` · ${data.founder.startupName}` : ''}
          {data.cohort ? ` · ${data.cohort.name}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {data.programName} · {data.milestoneName} · {data.missionName}
        </Typography>
      </Box>

      <Card component="section" aria-labelledby="decision-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="decision-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Decision
          </Typography>
          <Typography sx={{ mt: 1 }}>{teamNote[data.status]}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, mb: 2.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Mission:
            </Typography>
            <StatusChip status={data.missionStatus} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {missionLine}
            </Typography>
          </Stack>
          <Actions deliverable={data} />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="versions-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="versions-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Versions
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {data.deliverable.description || `${reviewStatusMeta[data.status].label}.`}
          </Typography>
          <VersionList versions={data.versions} />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="thread-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="thread-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Conversation with {data.founder.name}
          </Typography>
          <ReviewThread
            comments={data.comments}
            viewer="team"
            sending={commenting.isLoading}
            emptyText="No comments yet. What you write here, the founder reads on their deliverable page."
            onSend={async (body) => !('error' in (await comment({ id: data.id, body })))}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}

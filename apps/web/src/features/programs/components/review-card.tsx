import type { DeliverableReview } from '@liftoff/contracts/programs-review';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/page-states';
import { useReplyToReviewMutation } from '../api';
import { reviewStatusMeta, ReviewStatusChip } from './review-status';
import { ReviewThread } from './review-thread';

/**
 * The founder's view of the review of their deliverable: the status in words, what completes the
 * mission, and the conversation with the program team. Nothing until a file is handed in.
 */
export function ReviewCard({
  missionId,
  query,
}: {
  missionId: string;
  query: {
    data?: DeliverableReview | null;
    isLoading: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
}) {
  const [reply, replying] = useReplyToReviewMutation();
  if (query.isLoading)
    return <Skeleton variant="rounded" height={160} aria-label="Loading the review" role="status" />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} what="the review" />;
  const review = query.data;
  if (!review) return null;
  const meta = reviewStatusMeta[review.status];
  return (
    <Card component="section" aria-labelledby="review-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id="review-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Review
          </Typography>
          <ReviewStatusChip status={review.status} />
        </Stack>
        <Typography sx={{ mt: 1 }}>{meta.forFounder}</Typography>
        {review.requiresApproval && review.status !== 'approved' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            In this program the mission is complete once your deliverable is approved.
          </Typography>
        ) : null}
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 3, mb: 1.5 }}>
          Conversation
        </Typography>
        <ReviewThread
          comments={review.comments}
          viewer="founder"
          sending={replying.isLoading}
          emptyText="No comments yet. Ask your program team anything about this deliverable."
          onSend={async (body) => !('error' in (await reply({ missionId, body })))}
        />
      </CardContent>
    </Card>
  );
}

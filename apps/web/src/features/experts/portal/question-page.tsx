import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LoadError, PageSkeleton } from '../../../components/page-states';
import { paths } from '../../../config/paths';
import { QuestionThreadView } from '../components/question-thread';
import { useExpertCloseMutation, useExpertReplyMutation, useExpertThreadQuery } from '../portal-api';

/** One question addressed to the expert: the founder's context, the thread, and the answer box. */
export function QuestionPage() {
  const { questionId = '' } = useParams();
  const { data, error, isLoading, refetch } = useExpertThreadQuery(questionId);
  const [reply, replying] = useExpertReplyMutation();
  const [close, closing] = useExpertCloseMutation();

  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={paths.expert}
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'start' }}
      >
        All questions
      </Button>
      {isLoading ? (
        <PageSkeleton label="Loading the question" cards={2} />
      ) : error || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} what="this question" />
      ) : (
        <QuestionThreadView
          thread={data}
          me="expert"
          busy={replying.isLoading || closing.isLoading}
          onReply={async (body) => 'data' in (await reply({ questionId, body }))}
          onClose={() => void close(questionId)}
        />
      )}
    </Stack>
  );
}

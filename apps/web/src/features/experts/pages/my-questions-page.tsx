import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import QuestionIcon from '@mui/icons-material/HelpOutlineOutlined';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { buildPath, paths } from '../../../config/paths';
import { QuestionStatusChip, QuestionThreadView } from '../components/question-thread';
import { useFounderCloseMutation, useFounderReplyMutation, useMyThreadsQuery } from '../portal-api';

/** "My questions": the founder's questions to experts, their answers and threads; one opened by id. */
export function MyQuestionsPage() {
  const { questionId } = useParams();
  const { data, error, isLoading, refetch } = useMyThreadsQuery();
  const [reply, replying] = useFounderReplyMutation();
  const [close, closing] = useFounderCloseMutation();
  const open = questionId ? data?.find((q) => q.id === questionId) : undefined;

  if (isLoading) return <PageSkeleton label="Loading your questions" cards={3} height={96} />;
  if (error || !data) return <LoadError error={error} onRetry={() => void refetch()} what="your questions" />;

  if (questionId) {
    return (
      <Stack spacing={2}>
        <Button
          component={RouterLink}
          to={buildPath.myQuestions()}
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: 'start' }}
        >
          My questions
        </Button>
        {open ? (
          <QuestionThreadView
            thread={open}
            me="founder"
            busy={replying.isLoading || closing.isLoading}
            onReply={async (body) => 'data' in (await reply({ questionId, body }))}
            onClose={() => void close(questionId)}
          />
        ) : (
          <EmptyState icon={<QuestionIcon />} title="Question not found">
            It may have been removed, or it belongs to another account.
          </EmptyState>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <PageTitle>My questions</PageTitle>
      {!data.length ? (
        <EmptyState
          icon={<QuestionIcon />}
          title="No questions yet"
          action={
            <Button component={RouterLink} to={paths.overview} variant="contained">
              Ask an expert from your overview
            </Button>
          }
        >
          Ask one of your milestone's experts; their answers appear here.
        </EmptyState>
      ) : (
        data.map((q) => (
          <Card key={q.id} variant="outlined">
            <CardActionArea component={RouterLink} to={buildPath.myQuestions(q.id)}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                  <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {q.subject}
                  </Typography>
                  <QuestionStatusChip status={q.status} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  To {q.expert.firstName} {q.expert.lastName} · {new Date(q.createdAt).toLocaleDateString()}
                  {q.messages.length
                    ? ` · ${q.messages.length} repl${q.messages.length === 1 ? 'y' : 'ies'}`
                    : ''}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))
      )}
    </Stack>
  );
}

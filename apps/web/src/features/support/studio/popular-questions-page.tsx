import type { StudioExpertAnswer } from '@liftoff/contracts/support';
import QuestionIcon from '@mui/icons-material/QuestionAnswerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useExpertAnswersQuery, useSetPromotionMutation } from './promotions-api';

function AnswerCard({ answer }: { answer: StudioExpertAnswer }) {
  const [setPromotion, { isLoading }] = useSetPromotionMutation();
  const headingId = `answer-${answer.questionId}`;
  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {answer.question}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
            {answer.expertName}: {answer.answer}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {answer.milestoneName
              ? `${answer.promoted ? 'Shown in' : 'Asked from'} the milestone “${answer.milestoneName}”`
              : 'Asked outside a milestone: it has no popular questions to join.'}
          </Typography>
          {answer.milestoneKey ? (
            <Box>
              <Button
                variant={answer.promoted ? 'outlined' : 'contained'}
                disabled={isLoading}
                aria-describedby={headingId}
                onClick={() => void setPromotion({ id: answer.questionId, promoted: !answer.promoted })}
              >
                {answer.promoted ? 'Remove from popular questions' : 'Add to popular questions'}
              </Button>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Answered expert questions the team can show to every founder at the milestone they were asked from. */
export function PopularQuestionsPage() {
  const { data, error, refetch } = useExpertAnswersQuery();
  let body;
  if (error) body = <LoadError error={error} onRetry={() => void refetch()} what="the answered questions" />;
  else if (!data) body = <PageSkeleton label="Loading answered questions" cards={3} height={120} />;
  else if (!data.length)
    body = (
      <EmptyState icon={<QuestionIcon fontSize="inherit" />} title="No answered questions yet">
        When experts answer founders&apos; questions, you can add the answers to a milestone&apos;s popular
        questions here.
      </EmptyState>
    );
  else
    body = (
      <Stack spacing={2}>
        {data.map((answer) => (
          <AnswerCard key={answer.questionId} answer={answer} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Popular questions</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Add an expert&apos;s answer to the popular questions of its milestone; founders there see it first.
        </Typography>
      </Box>
      {body}
    </Stack>
  );
}

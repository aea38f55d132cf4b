import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { InboxQuery } from '@liftoff/contracts/experts';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { buildPath } from '../../../config/paths';
import { FounderContextLines, QuestionStatusChip } from '../components/question-thread';
import { useInboxQuery } from '../portal-api';

type Filter = NonNullable<InboxQuery['status']>;
const filters: { value: Filter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
];

/** The expert's inbox: questions addressed to them, newest first, by status. Works on a phone. */
export function InboxPage() {
  const [status, setStatus] = useState<Filter>('open');
  const { data, error, isLoading, isFetching, refetch } = useInboxQuery({ status });

  return (
    <Stack spacing={2}>
      <PageTitle>Questions</PageTitle>
      <Tabs value={status} onChange={(_e, value: Filter) => setStatus(value)} aria-label="Which questions">
        {filters.map((f) => (
          <Tab key={f.value} value={f.value} label={f.label} />
        ))}
      </Tabs>
      {isLoading ? (
        <PageSkeleton label="Loading your questions" cards={3} height={96} />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="your questions" />
      ) : !data?.length ? (
        <EmptyState icon={<InboxIcon />} title={`No ${status} questions`}>
          {status === 'open'
            ? 'When a founder asks you something, it waits for you here.'
            : 'Questions show up here once they are ' + status + '.'}
        </EmptyState>
      ) : (
        <Stack spacing={1.5} aria-busy={isFetching}>
          {data.map((q) => (
            <Card key={q.id} variant="outlined">
              <CardActionArea component={RouterLink} to={buildPath.expertQuestion(q.id)}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                    <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {q.subject}
                    </Typography>
                    <QuestionStatusChip status={q.status} />
                  </Stack>
                  <Typography variant="body2">
                    {q.context.founderName ?? 'A founder'} · {new Date(q.createdAt).toLocaleDateString()}
                  </Typography>
                  <FounderContextLines thread={q} />
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import type { MySupportMessage } from '@liftoff/contracts/support';
import MailIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useMyMessagesQuery } from '../api';

const when = (value: string) =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const statusLabel = { new: 'Waiting for an answer', answered: 'Answered', closed: 'Closed' } as const;

function MessageCard({ item }: { item: MySupportMessage }) {
  const headingId = `message-${item.id}`;
  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={headingId} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.subject}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={item.status === 'answered' ? 'success' : 'default'}
              label={statusLabel[item.status]}
            />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You wrote · {when(item.createdAt)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.message}</Typography>
          {item.replies.map((reply) => (
            <Box key={reply.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                The Liftoff team answered · {when(reply.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {reply.message}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** "My messages": what the founder sent from the support dialog and the team's replies to it. */
export function MyMessagesPage() {
  const { data, error, isLoading, refetch } = useMyMessagesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  let body;
  if (isLoading) body = <PageSkeleton label="Loading your messages" cards={2} height={120} />;
  else if (error || !data)
    body = <LoadError error={error} onRetry={() => void refetch()} what="your messages" />;
  else if (!data.length)
    body = (
      <EmptyState icon={<MailIcon fontSize="inherit" />} title="No messages yet">
        Write to the team from the support button at the top; their replies appear here and in your e-mail.
      </EmptyState>
    );
  else
    body = (
      <Stack spacing={2}>
        {data.map((item) => (
          <MessageCard key={item.id} item={item} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <PageTitle>My messages</PageTitle>
      {body}
    </Stack>
  );
}

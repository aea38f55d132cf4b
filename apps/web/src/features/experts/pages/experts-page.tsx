import { useState } from 'react';
import type { Expert, NextFreeSlot } from '@liftoff/contracts/experts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useExpertsQuery, useNextFreeSlotsQuery } from '../api';
import { AskQuestionDialog } from '../components/ask-question-dialog';
import { BookMeetingDialog } from '../components/book-meeting-dialog';
import { ExpertProfileDialog } from '../components/expert-profile-dialog';
import { fullName } from '../lib/names';
import { formatSlot, userTimeZone } from '../lib/time';
import { apiHref } from '../lib/urls';

type Open = { expert: Expert; dialog: 'ask' | 'book' | 'profile' } | null;

function NextFree({
  next,
  loading,
  zone,
}: {
  next: NextFreeSlot | undefined;
  loading: boolean;
  zone: string;
}) {
  if (loading && !next) return <Typography variant="body2">Looking for free time…</Typography>;
  // Without an answer (the lookup failed) the card says nothing rather than something wrong.
  if (!next) return null;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {next.start ? `Next free: ${formatSlot(next.start, zone)}` : 'No free time in the next weeks'}
    </Typography>
  );
}

function ExpertCard({
  expert,
  next,
  loadingNext,
  zone,
  onOpen,
}: {
  expert: Expert;
  next: NextFreeSlot | undefined;
  loadingNext: boolean;
  zone: string;
  onOpen: (dialog: 'ask' | 'book' | 'profile') => void;
}) {
  const meta = expert.expertMeta[0];
  const name = fullName(expert);
  const headingId = `expert-${expert.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar
            src={apiHref(expert.profileImageUrl)}
            alt={`Photo of ${name}`}
            sx={{ width: 64, height: 64 }}
          >
            {expert.firstName[0]}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {meta?.headline ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {meta.headline}
              </Typography>
            ) : null}
          </Box>
        </Stack>
        {meta?.expertise.length ? (
          <Box
            component="ul"
            aria-label="Expertise"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mb: 1.5, listStyle: 'none' }}
          >
            {meta.expertise.map((tag) => (
              <li key={tag}>
                <Chip label={tag} size="small" />
              </li>
            ))}
          </Box>
        ) : null}
        {meta?.languages.length ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Languages: {meta.languages.join(', ')}
          </Typography>
        ) : null}
        <NextFree next={next} loading={loadingNext} zone={zone} />
      </CardContent>
      <CardActions
        sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <Button variant="contained" startIcon={<QuestionAnswerIcon />} onClick={() => onOpen('ask')}>
          Ask a question
        </Button>
        <Button variant="outlined" startIcon={<EventIcon />} onClick={() => onOpen('book')}>
          Book a meeting
        </Button>
        <Button
          startIcon={<PersonIcon />}
          onClick={() => onOpen('profile')}
          aria-label={`Profile of ${name}`}
        >
          Profile
        </Button>
      </CardActions>
    </Card>
  );
}

/** Every expert, with what they know, the languages they speak and when they are next free. */
export function ExpertsPage() {
  const experts = useExpertsQuery();
  const next = useNextFreeSlotsQuery();
  const [open, setOpen] = useState<Open>(null);
  const zone = userTimeZone();

  if (experts.isLoading) return <PageSkeleton label="Loading experts" cards={3} height={220} />;
  if (experts.error || !experts.data)
    return <LoadError error={experts.error} onRetry={() => void experts.refetch()} what="the experts" />;

  const close = () => setOpen(null);
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Experts</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '75ch' }}>
          Ask a question or book a meeting with someone who has done it before. Times are shown in{' '}
          {zone.replace(/_/g, ' ')}.
        </Typography>
      </Box>
      {!experts.data.length ? (
        <EmptyState icon={<GroupsIcon />} title="No experts yet">
          Your program team is inviting experts; they will show here as soon as they join.
        </EmptyState>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {experts.data.map((expert) => (
            <ExpertCard
              key={expert.id}
              expert={expert}
              next={next.data?.find((entry) => entry.expertId === expert.id)}
              loadingNext={next.isLoading}
              zone={zone}
              onOpen={(dialog) => setOpen({ expert, dialog })}
            />
          ))}
        </Box>
      )}
      {open?.dialog === 'ask' ? <AskQuestionDialog open onClose={close} expert={open.expert} /> : null}
      {open?.dialog === 'book' ? <BookMeetingDialog open onClose={close} expert={open.expert} /> : null}
      {open?.dialog === 'profile' ? <ExpertProfileDialog open onClose={close} expert={open.expert} /> : null}
    </Stack>
  );
}

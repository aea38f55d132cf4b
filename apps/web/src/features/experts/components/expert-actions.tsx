import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Expert } from '@liftoff/contracts/experts';
import Button from '@mui/material/Button';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import ListAltIcon from '@mui/icons-material/ListAltOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { buildPath } from '../../../config/paths';
import type { MissionChoice } from './ask-question-dialog';
import { AskQuestionDialog, BookMeetingDialog, ExpertProfileDialog, MyRequestsDialog } from './lazy-dialogs';

export type ExpertActionsProps = { expert: Expert; missions?: MissionChoice[] };

type Open = 'ask' | 'book' | 'profile' | 'requests' | null;

/** Ask, book, profile and "my requests" for a milestone's expert (rendered in the expert card's slot). */
export function ExpertActions({ expert, missions }: ExpertActionsProps) {
  const [params, setParams] = useSearchParams();
  // A meeting notification links to /overview?meeting=<id>: the founder answers it in "My requests".
  const [open, setOpen] = useState<Open>(() => (params.has('meeting') ? 'requests' : null));
  const close = () => {
    setOpen(null);
    if (params.has('meeting')) {
      params.delete('meeting');
      setParams(params, { replace: true });
    }
  };
  return (
    <>
      <Button variant="contained" startIcon={<QuestionAnswerIcon />} onClick={() => setOpen('ask')}>
        Ask a question
      </Button>
      <Button variant="outlined" startIcon={<EventIcon />} onClick={() => setOpen('book')}>
        Book a meeting
      </Button>
      <Button startIcon={<PersonIcon />} onClick={() => setOpen('profile')}>
        Profile
      </Button>
      <Button startIcon={<ListAltIcon />} onClick={() => setOpen('requests')}>
        My requests
      </Button>
      <Button component={RouterLink} to={buildPath.myQuestions()} startIcon={<ForumIcon />}>
        My questions
      </Button>
      {open === 'ask' ? <AskQuestionDialog open onClose={close} expert={expert} missions={missions} /> : null}
      {open === 'book' ? <BookMeetingDialog open onClose={close} expert={expert} /> : null}
      {open === 'profile' ? <ExpertProfileDialog open onClose={close} expert={expert} /> : null}
      {open === 'requests' ? <MyRequestsDialog open onClose={close} /> : null}
    </>
  );
}

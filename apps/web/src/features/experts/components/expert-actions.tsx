import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Expert } from '@liftoff/contracts/experts';
import { CalendarCheck, List, MessageCircleQuestion, MessagesSquare, User } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
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
      <Button icon={<MessageCircleQuestion />} onClick={() => setOpen('ask')}>
        Ask a question
      </Button>
      <Button variant="outline" icon={<CalendarCheck />} onClick={() => setOpen('book')}>
        Book a meeting
      </Button>
      <Button variant="ghost" icon={<User />} onClick={() => setOpen('profile')}>
        Profile
      </Button>
      <Button variant="ghost" icon={<List />} onClick={() => setOpen('requests')}>
        My requests
      </Button>
      <ButtonLink variant="ghost" to={buildPath.myQuestions()} icon={<MessagesSquare />}>
        My questions
      </ButtonLink>
      {open === 'ask' ? <AskQuestionDialog open onClose={close} expert={expert} missions={missions} /> : null}
      {open === 'book' ? <BookMeetingDialog open onClose={close} expert={expert} /> : null}
      {open === 'profile' ? <ExpertProfileDialog open onClose={close} expert={expert} /> : null}
      {open === 'requests' ? <MyRequestsDialog open onClose={close} /> : null}
    </>
  );
}

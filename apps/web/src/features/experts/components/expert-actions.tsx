import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Expert } from '@liftoff/contracts/experts';
import { iconPaths } from '../../../components/icon-paths';
import { PlainButton, PlainButtonLink } from '../../../components/plain-button';
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
      <PlainButton variant="contained" startIcon={iconPaths.questionAnswer} onClick={() => setOpen('ask')}>
        Ask a question
      </PlainButton>
      <PlainButton variant="outlined" startIcon={iconPaths.eventAvailable} onClick={() => setOpen('book')}>
        Book a meeting
      </PlainButton>
      <PlainButton startIcon={iconPaths.person} onClick={() => setOpen('profile')}>
        Profile
      </PlainButton>
      <PlainButton startIcon={iconPaths.listAlt} onClick={() => setOpen('requests')}>
        My requests
      </PlainButton>
      <PlainButtonLink to={buildPath.myQuestions()} startIcon={iconPaths.forum}>
        My questions
      </PlainButtonLink>
      {open === 'ask' ? <AskQuestionDialog open onClose={close} expert={expert} missions={missions} /> : null}
      {open === 'book' ? <BookMeetingDialog open onClose={close} expert={expert} /> : null}
      {open === 'profile' ? <ExpertProfileDialog open onClose={close} expert={expert} /> : null}
      {open === 'requests' ? <MyRequestsDialog open onClose={close} /> : null}
    </>
  );
}

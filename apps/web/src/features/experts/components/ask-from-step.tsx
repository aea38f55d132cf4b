import { useState } from 'react';
import Button from '@mui/material/Button';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswerOutlined';
import type { AskFromStepProps } from '../../../components/feature-slots';
import { AskQuestionDialog } from './lazy-dialogs';
import { fullName } from '../lib/names';

/** A founder stuck on a step asks the milestone's expert from right there; the step travels with it. */
export function AskFromStep({ expert, missionId, missionName, stepId, stepTitle }: AskFromStepProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<QuestionAnswerIcon />} onClick={() => setOpen(true)}>
        Ask {fullName(expert)} about this step
      </Button>
      {open ? (
        <AskQuestionDialog
          open
          onClose={() => setOpen(false)}
          expert={expert}
          from={{ missionId, missionName, stepId, stepTitle }}
        />
      ) : null}
    </>
  );
}

import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Expert } from '@liftoff/contracts/experts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { SubjectMessageFields, useSubjectMessage } from '../../../components/subject-message-fields';
import { useAskQuestionMutation } from '../api';
import { fullName } from '../lib/names';
import { ExpertPicker, useExpertChoices } from './expert-picker';

export type MissionChoice = { id: string; name: string };
/** The mission step the founder asks from; the expert sees it beside the question. */
export type AskedFrom = { missionId: string; missionName: string; stepId: string; stepTitle: string };

/** Ask an expert a question in writing; the expert gets it by e-mail with the founder's context. */
export function AskQuestionDialog({
  open,
  onClose,
  expert,
  missions = [],
  from,
}: {
  open: boolean;
  onClose: () => void;
  expert: Expert;
  missions?: MissionChoice[];
  from?: AskedFrom;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const experts = useExpertChoices(expert);
  const [expertId, setExpertId] = useState(expert.id);
  const form = useSubjectMessage();
  const [missionId, setMissionId] = useState('');
  const [ask, { isLoading }] = useAskQuestionMutation();
  const chosen = experts.find((e) => e.id === expertId) ?? expert;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const result = await ask({
      expertId,
      subject: form.subject.trim(),
      question: form.message.trim(),
      ...(from ? { missionId: from.missionId, stepId: from.stepId } : missionId ? { missionId } : {}),
    });
    if ('data' in result) {
      form.reset();
      setMissionId('');
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Ask {fullName(chosen)} a question</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Your expert gets your question by e-mail, with your program and milestone, and answers you
              directly.
            </Typography>
            <ExpertPicker experts={experts} value={expertId} onChange={setExpertId} />
            <SubjectMessageFields
              form={form}
              messageLabel="Your question"
              messageHint="Say what you tried and where you are stuck."
              messageMissing="Write your question."
            />
            {from ? (
              <Typography variant="body2">
                Asked from: {from.missionName} (step: {from.stepTitle})
              </Typography>
            ) : missions.length ? (
              <TextField
                select
                label="Mission (optional)"
                value={missionId}
                onChange={(event) => setMissionId(event.target.value)}
                helperText="Gives your expert the context of the mission you are working on."
              >
                <MenuItem value="">No particular mission</MenuItem>
                {missions.map((mission) => (
                  <MenuItem key={mission.id} value={mission.id}>
                    {mission.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Send question'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

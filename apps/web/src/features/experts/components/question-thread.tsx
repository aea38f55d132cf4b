import { useState } from 'react';
import type { FormEvent } from 'react';
import type { QuestionThread } from '@liftoff/contracts/experts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MarkdownSlot } from '../../../components/feature-slots';

const statusLabel = { OPEN: 'Waiting for an answer', ANSWERED: 'Answered', CLOSED: 'Closed' } as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function QuestionStatusChip({ status }: { status: QuestionThread['status'] }) {
  return (
    <Chip
      size="small"
      label={statusLabel[status]}
      color={status === 'OPEN' ? 'warning' : status === 'ANSWERED' ? 'success' : 'default'}
      // White on the amber warning colour reads at 3:1, under the 4.5:1 text needs: outlined, dark words.
      {...(status === 'OPEN' && {
        variant: 'outlined' as const,
        sx: { color: 'text.primary', borderColor: 'warning.dark' },
      })}
    />
  );
}

/** Where the founder stood when asking: what the expert reads before answering. */
export function FounderContextLines({ thread }: { thread: QuestionThread }) {
  const c = thread.context;
  const parts = [
    c.startupName && `Startup: ${c.startupName}`,
    c.stage && `Stage: ${c.stage}`,
    c.programName && `Program: ${c.programName}`,
    c.milestoneName && `Milestone: ${c.milestoneName}`,
    c.missionName && `Asked from: ${c.missionName}${c.stepName ? ` (step: ${c.stepName})` : ''}`,
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary">
      {parts.length ? parts.join(' · ') : 'Not enrolled in a program yet'}
    </Typography>
  );
}

/**
 * One question with its thread and a reply box. `me` is the side reading it: their own messages are
 * labelled "You". Messages are Markdown, rendered by the app's sanitising renderer.
 */
export function QuestionThreadView({
  thread,
  me,
  onReply,
  onClose,
  busy,
}: {
  thread: QuestionThread;
  me: 'founder' | 'expert';
  onReply: (body: string) => Promise<boolean>;
  onClose: () => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const founderName = thread.context.founderName ?? 'The founder';
  const expertName = `${thread.expert.firstName} ${thread.expert.lastName}`;
  const nameOf = (author: 'founder' | 'expert') =>
    author === me ? 'You' : author === 'founder' ? founderName : expertName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setError('Write a message first.');
      return;
    }
    setError(null);
    if (await onReply(draft.trim())) setDraft('');
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {thread.subject}
        </Typography>
        <QuestionStatusChip status={thread.status} />
      </Stack>
      {me === 'expert' ? <FounderContextLines thread={thread} /> : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="p">
          {nameOf('founder')} · {when(thread.createdAt)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{thread.question}</Typography>
      </Paper>
      {thread.messages.map((m) => (
        <Paper key={m.id} variant="outlined" sx={{ p: 2, ml: m.author === 'expert' ? { sm: 4 } : 0 }}>
          <Typography variant="subtitle2" component="p">
            {nameOf(m.author)} · {when(m.createdAt)}
          </Typography>
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <MarkdownSlot source={m.body} />
          </Box>
        </Paper>
      ))}
      {thread.status === 'CLOSED' ? (
        <Alert severity="info">This question is closed.</Alert>
      ) : (
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label={
              me === 'expert' && thread.status === 'OPEN'
                ? 'Your answer (Markdown)'
                : 'Your message (Markdown)'
            }
            multiline
            minRows={4}
            fullWidth
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={onClose} disabled={busy}>
              Close question
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {me === 'expert' && thread.status === 'OPEN' ? 'Send answer' : 'Send'}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { programDocument, type ProgramDocument } from '@liftoff/contracts/programs-authoring';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { errorMessage } from '../../../lib/api';
import { useImportProgramPackMutation, type ImportPackResult } from './authoring-api';

/** A pack file as exported (`{ format, program }`) or a bare program document; null when it is neither. */
async function readPack(file: File): Promise<{ program?: ProgramDocument; problem?: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return { problem: 'This file is not JSON. Choose a pack exported from the studio.' };
  }
  const program = (parsed as { program?: unknown })?.program ?? parsed;
  const checked = programDocument.safeParse(program);
  if (checked.success) return { program: checked.data };
  const issue = checked.error.issues[0];
  return { problem: `This pack is not a program: ${issue?.path.join('.') || 'the file'}: ${issue?.message}` };
}

const outcomes: Record<ImportPackResult['outcome'], string> = {
  draft: 'The pack is now the draft of its program.',
  created: 'The pack is published as a new version.',
  unchanged: 'This version is already here with the same content; nothing changed.',
};

/** Imports a pack file as a program's draft or as a new version (files stay a way to author). */
export function ImportPackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [program, setProgram] = useState<ProgramDocument | null>(null);
  const [problem, setProblem] = useState('');
  const [as, setAs] = useState<'draft' | 'version'>('draft');
  const [summary, setSummary] = useState('');
  const [summaryMissing, setSummaryMissing] = useState(false);
  const [send, { data, error, isLoading, reset }] = useImportProgramPackMutation();

  const choose = async (chosen: File | undefined) => {
    reset();
    setFile(chosen ?? null);
    setProgram(null);
    setProblem('');
    if (!chosen) return;
    const read = await readPack(chosen);
    if (read.program) setProgram(read.program);
    else setProblem(read.problem ?? '');
  };
  const submit = async () => {
    if (!program) return;
    if (as === 'version' && !summary.trim()) return setSummaryMissing(true);
    try {
      await send({ as, program, ...(as === 'version' ? { summary: summary.trim() } : {}) }).unwrap();
    } catch {
      // Shown in the dialog.
    }
  };
  const close = () => {
    reset();
    setFile(null);
    setProgram(null);
    setProblem('');
    setSummary('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="import-title" fullWidth maxWidth="sm">
      <DialogTitle id="import-title">Import a program pack</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
              Choose a pack file
              <input
                type="file"
                accept="application/json,.json"
                hidden
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{file ? file.name : 'No file chosen'}</Typography>
          </Stack>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {program ? (
            <Typography>
              {program.name} ({program.key}), version {program.version}: {program.milestones.length}{' '}
              {program.milestones.length === 1 ? 'milestone' : 'milestones'}.
            </Typography>
          ) : null}
          <div>
            <FormLabel id="import-as">Import it as</FormLabel>
            <RadioGroup
              aria-labelledby="import-as"
              value={as}
              onChange={(event) => setAs(event.target.value as 'draft' | 'version')}
            >
              <FormControlLabel
                value="draft"
                control={<Radio />}
                label="The program's draft, to edit and publish"
              />
              <FormControlLabel
                value="version"
                control={<Radio />}
                label="A published version (founders move to it)"
              />
            </RadioGroup>
          </div>
          {as === 'version' ? (
            <TextField
              label="What changed"
              value={summary}
              onChange={(event) => {
                setSummary(event.target.value);
                setSummaryMissing(false);
              }}
              error={summaryMissing}
              helperText={summaryMissing ? 'Write what changed in this version.' : ' '}
              required
              multiline
              minRows={2}
              fullWidth
            />
          ) : null}
          {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
          {data ? <Alert severity="success">{outcomes[data.outcome]}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{data ? 'Done' : 'Cancel'}</Button>
        <Button variant="contained" disabled={!program || isLoading} onClick={() => void submit()}>
          {isLoading ? 'Importing…' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

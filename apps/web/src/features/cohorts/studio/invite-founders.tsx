import type { ImportResult } from '@liftoff/contracts/cohorts';
import { inviteBody } from '@liftoff/contracts/cohorts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useImportInvitationsMutation, useInviteMutation } from '../api';

type OneFounder = z.input<typeof inviteBody>;

/** What a CSV import did: how many went out, and each bad row with its line and why. */
export function ImportReport({ result }: { result: ImportResult }) {
  const sent = result.invited.length;
  const joined = result.joined.length;
  return (
    <Stack spacing={1} aria-live="polite">
      {sent + joined > 0 && (
        <Alert severity="success">
          {sent > 0 && `${sent} ${sent === 1 ? 'invitation' : 'invitations'} sent.`}
          {joined > 0 &&
            ` ${joined} ${joined === 1 ? 'founder' : 'founders'} with an account joined at once.`}
        </Alert>
      )}
      {result.errors.length > 0 && (
        <Alert severity="warning">
          <Typography component="h3" variant="subtitle2">
            {result.errors.length} {result.errors.length === 1 ? 'row was' : 'rows were'} not sent
          </Typography>
          <List dense aria-label="Rows not sent">
            {result.errors.map((error) => (
              <ListItem key={`${error.line}-${error.email ?? ''}`} disableGutters>
                <ListItemText
                  primary={`Line ${error.line}${error.email ? ` · ${error.email}` : ''}`}
                  secondary={error.reason}
                />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

function OneFounderForm({ cohortId }: { cohortId: string }) {
  const [invite, { isLoading }] = useInviteMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OneFounder>({
    resolver: zodResolver(inviteBody),
    defaultValues: { name: '', email: '', startup: '' },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(async (body) => {
        const result = await invite({ id: cohortId, body });
        if (!('error' in result)) reset();
      })}
    >
      <Stack spacing={2}>
        <TextField
          label="Name"
          {...register('name')}
          error={!!errors.name}
          helperText={errors.name?.message}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          {...register('email')}
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <TextField label="Startup (optional)" {...register('startup')} />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
          Send invitation
        </Button>
      </Stack>
    </Box>
  );
}

/** A file's text; FileReader rather than Blob.text() so every browser the app supports reads it. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function CsvForm({ cohortId }: { cohortId: string }) {
  const [csv, setCsv] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [importInvitations, { data, isLoading, reset }] = useImportInvitationsMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCsv(await readText(file));
    setProblem(null);
    reset();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!csv.trim()) {
          setProblem('Paste or upload at least one row.');
          return;
        }
        setProblem(null);
        await importInvitations({ id: cohortId, csv });
      }}
    >
      <Stack spacing={2}>
        <TextField
          label="Founders as CSV"
          multiline
          minRows={5}
          value={csv}
          onChange={(event) => setCsv(event.target.value)}
          error={!!problem}
          helperText={problem ?? 'One founder a line: name, e-mail, startup. A header row is fine.'}
          slotProps={{ htmlInput: { 'aria-describedby': hintId, spellCheck: false } }}
        />
        <Typography id={hintId} variant="body2" color="text.secondary">
          Rows with a problem are listed with their line; every other row is sent.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            Upload a CSV file
          </Button>
          <input ref={fileInput} type="file" accept=".csv,text/csv,text/plain" hidden onChange={readFile} />
          <Button type="submit" variant="contained" disabled={isLoading}>
            Send invitations
          </Button>
        </Stack>
        {data && <ImportReport result={data} />}
      </Stack>
    </Box>
  );
}

/** Invite founders one by one, or many at once by pasting or uploading a CSV. */
export function InviteFounders({ cohortId }: { cohortId: string }) {
  const [tab, setTab] = useState<'one' | 'csv'>('one');
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, value: 'one' | 'csv') => setTab(value)} aria-label="How to invite">
        <Tab value="one" label="One founder" id="invite-tab-one" aria-controls="invite-panel-one" />
        <Tab value="csv" label="Several (CSV)" id="invite-tab-csv" aria-controls="invite-panel-csv" />
      </Tabs>
      <Box role="tabpanel" id={`invite-panel-${tab}`} aria-labelledby={`invite-tab-${tab}`} sx={{ pt: 2 }}>
        {tab === 'one' ? <OneFounderForm cohortId={cohortId} /> : <CsvForm cohortId={cohortId} />}
      </Box>
    </Box>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ProgramDocument, ProgramDraft } from '@liftoff/contracts/programs-authoring';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../lib/format';
import { useProgramDraftQuery, useSaveProgramDraftMutation, type PublishResult } from './authoring-api';
import { DocumentProvider, fieldId, type DocumentEditing } from './document-fields';
import { LeaveGuard } from './leave-guard';
import { NodeEditor } from './node-editor';
import { ProgramTree } from './program-tree';
import { PublishDialog } from './publish-dialog';
import {
  addressOf,
  fieldErrorsOf,
  moveTo,
  pathOf,
  setIn,
  type FieldErrors,
  type NodeAddress,
} from './program-document';

function Editor({ draft }: { draft: ProgramDraft }) {
  const [doc, setDoc] = useState<ProgramDocument>(draft.document);
  const [saved, setSaved] = useState<ProgramDocument>(draft.document);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [selected, setSelected] = useState<NodeAddress>([]);
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<PublishResult | null>(null);
  /** A failure that names no field (the network, a conflict): said once above the form. */
  const [failure, setFailure] = useState('');
  const [save, saving] = useSaveProgramDraftMutation();
  const dirty = doc !== saved;

  const set = useCallback((path: string, value: unknown) => {
    setDoc((current) => setIn(current, path, value));
    // A changed field's error is answered by the next save; a change of structure moves every path.
    setErrors((current) => {
      if (!path) return {};
      const { [path]: _answered, ...rest } = current;
      return rest;
    });
  }, []);
  const editing = useMemo<DocumentEditing>(() => ({ doc, errors, set }), [doc, errors, set]);

  const submit = async () => {
    setPublished(null);
    setFailure('');
    try {
      await save({ key: draft.key, document: doc }).unwrap();
      setSaved(doc);
      setErrors({});
    } catch (error) {
      // What was typed stays; the refusal is shown next to the fields it names.
      const found = fieldErrorsOf(error);
      setErrors(found);
      if (!Object.keys(found).length) setFailure(errorMessage(error));
      const first = Object.keys(found)[0];
      if (first) setSelected(addressOf(first));
    }
  };

  const allErrors = Object.entries(errors);
  return (
    <DocumentProvider value={editing}>
      <Stack spacing={3}>
        <Box>
          <Link component={RouterLink} to="/studio/programs">
            All programs
          </Link>
          <PageTitle>Edit {saved.name}</PageTitle>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            Draft from version {draft.basedOnVersion}
            {draft.updatedAt ? ` · saved ${formatDate(draft.updatedAt)}` : ''}. Founders see none of it until
            it is published.
          </Typography>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" disabled={saving.isLoading} onClick={() => void submit()}>
            {saving.isLoading ? 'Saving…' : 'Save draft'}
          </Button>
          <Button variant="outlined" disabled={dirty} onClick={() => setPublishing(true)}>
            Publish…
          </Button>
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {dirty ? 'Unsaved changes: save the draft before publishing.' : 'All changes saved.'}
          </Typography>
        </Stack>
        {published ? (
          <Alert severity="success">
            Version {published.version.version} is published. {published.foundersMoved}{' '}
            {published.foundersMoved === 1 ? 'founder moved' : 'founders moved'} to it.
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error">{failure} The draft was not saved; your changes are still here.</Alert>
        ) : null}
        {allErrors.length ? (
          <Alert severity="error" role="alert">
            <Typography sx={{ fontWeight: 600 }}>The draft was not saved: fix what is marked.</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {allErrors.map(([path, message]) => (
                <li key={path}>
                  <Link
                    component="button"
                    onClick={() => {
                      setSelected(addressOf(path));
                      setTimeout(() => document.getElementById(fieldId(path))?.focus(), 0);
                    }}
                    sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
                  >
                    {path}
                  </Link>
                  : {message}
                </li>
              ))}
            </Box>
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Card
            variant="outlined"
            sx={{
              width: { xs: '100%', md: 320 },
              flexShrink: 0,
              // The outline scrolls in its own box: on a phone the form is a short scroll away, and on a
              // wide screen it stays beside the form while the form scrolls.
              maxHeight: { xs: '40vh', md: 'calc(100vh - 120px)' },
              position: { md: 'sticky' },
              top: { md: 96 },
              overflowY: 'auto',
            }}
          >
            <CardContent sx={{ p: 1 }}>
              <ProgramTree
                doc={doc}
                selected={selected}
                errors={errors}
                onSelect={setSelected}
                onMove={(from, to) => {
                  set('', moveTo(doc, pathOf(from), to.at(-1)!));
                  setSelected(to);
                }}
              />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ flex: 1, width: '100%', minWidth: 0 }}>
            <CardContent>
              <NodeEditor address={selected} onSelect={setSelected} />
            </CardContent>
          </Card>
        </Stack>
      </Stack>
      <LeaveGuard when={dirty} />
      <PublishDialog
        programKey={draft.key}
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(result) => {
          setPublishing(false);
          setPublished(result);
        }}
      />
    </DocumentProvider>
  );
}

/** The draft editor of one program (`/studio/programs/:programKey`). */
export function ProgramEditorPage() {
  const { programKey = '' } = useParams();
  const { data, error, refetch, isFetching } = useProgramDraftQuery(programKey);
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} what="the program's draft" />;
  if (!data || (isFetching && data.key !== programKey))
    return <PageSkeleton label="Loading the program's draft" cards={2} height={320} />;
  // Keyed by the program: saving or publishing refreshes the draft without dropping what is on screen.
  return <Editor key={data.key} draft={data} />;
}

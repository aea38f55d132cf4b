import { useEffect, useId, useState } from 'react';
import type { DeliverableVersion } from '@liftoff/contracts/programs-review';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PreviewIcon from '@mui/icons-material/PreviewOutlined';
import { downloadFile } from '../api';
import { formatDate, formatSize } from '../lib/format';
import { useProgramsDispatch } from '../lib/hooks';
import { fetchVersion } from './api';

/** What the browser can show inline under the page's content policy: images as blobs, text as text. */
const previewKind = (mimeType: string) =>
  mimeType.startsWith('image/')
    ? 'image'
    : mimeType === 'text/plain' || mimeType === 'text/csv'
      ? 'text'
      : null;
const TEXT_PREVIEW_CHARS = 20_000;

type Loaded =
  { kind: 'image'; url: string } | { kind: 'text'; text: string; cut: boolean } | { kind: 'error' };

function Preview({ version }: { version: DeliverableVersion }) {
  const dispatch = useProgramsDispatch();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    dispatch(fetchVersion(version.downloadUrl)).then(
      async (blob) => {
        if (!live) return;
        if (previewKind(version.mimeType) === 'image') {
          url = URL.createObjectURL(blob);
          setLoaded({ kind: 'image', url });
        } else {
          const text = await blob.text();
          if (live)
            setLoaded({
              kind: 'text',
              text: text.slice(0, TEXT_PREVIEW_CHARS),
              cut: text.length > TEXT_PREVIEW_CHARS,
            });
        }
      },
      () => live && setLoaded({ kind: 'error' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, version.downloadUrl, version.mimeType]);

  if (!loaded) return <Skeleton variant="rounded" height={200} aria-label={`Loading ${version.fileName}`} />;
  if (loaded.kind === 'error')
    return <Alert severity="error">We could not load this version. Download it instead.</Alert>;
  if (loaded.kind === 'image')
    return (
      <Box
        component="img"
        src={loaded.url}
        alt={`Version ${version.number}: ${version.fileName}`}
        sx={{ maxWidth: '100%', maxHeight: 480, borderRadius: 1, border: 1, borderColor: 'divider' }}
      />
    );
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={`Contents of ${version.fileName}`}
      sx={{
        m: 0,
        p: 2,
        maxHeight: 360,
        overflow: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {loaded.text}
      {loaded.cut ? '\n…' : ''}
    </Box>
  );
}

function VersionItem({ version, latest }: { version: DeliverableVersion; latest: boolean }) {
  const dispatch = useProgramsDispatch();
  const [open, setOpen] = useState(false);
  const previewId = useId();
  const canPreview = previewKind(version.mimeType) !== null;
  return (
    <ListItem divider sx={{ px: 0, py: 1.5, display: 'block' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: '1 1 240px', minWidth: 0 }}>
          <InsertDriveFileIcon color="primary" aria-hidden="true" />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              Version {version.number} · {version.fileName}{' '}
              {latest ? <Chip size="small" label="Latest" sx={{ ml: 0.5 }} /> : null}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatSize(version.size)} · handed in {formatDate(version.createdAt)}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={0.5}>
          {canPreview ? (
            <Button
              startIcon={<PreviewIcon />}
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={previewId}
            >
              {open ? 'Hide preview' : 'Preview'}
            </Button>
          ) : null}
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => void dispatch(downloadFile(version.downloadUrl, version.fileName))}
            aria-label={`Download version ${version.number}, ${version.fileName}`}
          >
            Download
          </Button>
        </Stack>
      </Stack>
      <Collapse in={open} unmountOnExit id={previewId}>
        <Box sx={{ mt: 1.5 }}>
          <Preview version={version} />
        </Box>
      </Collapse>
    </ListItem>
  );
}

/** Every version of a deliverable, newest first, with a preview where the browser can show it. */
export function VersionList({ versions }: { versions: DeliverableVersion[] }) {
  if (!versions.length)
    return <Typography sx={{ color: 'text.secondary' }}>No files are left in this deliverable.</Typography>;
  return (
    <List aria-label="Versions" disablePadding>
      {versions.map((version, i) => (
        <VersionItem key={version.id} version={version} latest={i === 0} />
      ))}
    </List>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ProgramChoice } from '@liftoff/contracts/cohorts';
import type { ProgramVersion } from '@liftoff/contracts/programs-authoring';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { showError } from '../../../lib/toast';
import { formatDate } from '../lib/format';
import { useProgramsDispatch } from '../lib/hooks';
import { exportVersion, useAuthoredProgramsQuery, useProgramVersionsQuery } from './authoring-api';
import { ImportPackDialog } from './import-pack-dialog';

function VersionRow({
  programKey,
  version,
  newest,
}: {
  programKey: string;
  version: ProgramVersion;
  newest: boolean;
}) {
  const dispatch = useProgramsDispatch();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await dispatch(exportVersion(programKey, version.version));
    } catch {
      dispatch(showError(`Version ${version.version} could not be exported. Please try again.`));
    } finally {
      setExporting(false);
    }
  };
  return (
    <ListItem divider sx={{ px: 0, py: 1.5, display: 'block' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="div" sx={{ fontWeight: 600 }}>
            Version {version.version}{' '}
            {newest ? <Chip size="small" color="primary" label="Current" sx={{ ml: 0.5 }} /> : null}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {version.changeSummary ?? 'Imported from the content pack files.'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Published {formatDate(version.publishedAt)}
            {version.publishedBy ? ` by ${version.publishedBy}` : ''} · {version.founders}{' '}
            {version.founders === 1 ? 'founder' : 'founders'} on it
          </Typography>
        </Box>
        <Button
          startIcon={<DownloadIcon />}
          disabled={exporting}
          onClick={() => void download()}
          aria-label={`Export version ${version.version} as a pack file`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
        >
          {exporting ? 'Exporting…' : 'Export'}
        </Button>
      </Stack>
    </ListItem>
  );
}

function ProgramCard({ program }: { program: ProgramChoice }) {
  const { data, error, refetch } = useProgramVersionsQuery(program.key);
  return (
    <Card component="section" aria-labelledby={`program-${program.key}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`program-${program.key}`} variant="h2" sx={{ fontSize: '1.25rem' }}>
              {program.name}
            </Typography>
            <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {program.summary}
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to={`/studio/programs/${encodeURIComponent(program.key)}`}
            variant="contained"
            startIcon={<EditIcon />}
            sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
            aria-label={`Edit draft of ${program.name}`}
          >
            Edit draft
          </Button>
        </Stack>
        <Typography
          component="h3"
          variant="overline"
          sx={{ display: 'block', mt: 2, color: 'text.secondary' }}
        >
          Versions
        </Typography>
        {error ? (
          <LoadError error={error} onRetry={() => void refetch()} what={`the versions of ${program.name}`} />
        ) : !data ? (
          <Skeleton variant="rounded" height={96} aria-label={`Loading the versions of ${program.name}`} />
        ) : data.length ? (
          <List aria-label={`Versions of ${program.name}`} disablePadding>
            {data.map((version, i) => (
              <VersionRow key={version.version} programKey={program.key} version={version} newest={i === 0} />
            ))}
          </List>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>No version is published yet.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The programs the team authors: their versions (what changed, who published, founders on each), packs in and out. */
export function ProgramsStudioPage() {
  const { data, error, refetch } = useAuthoredProgramsQuery();
  const [importing, setImporting] = useState(false);
  const importButton = (
    <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
      Import a pack
    </Button>
  );
  let body;
  if (error) body = <LoadError error={error} onRetry={() => void refetch()} what="the programs" />;
  else if (!data) body = <PageSkeleton label="Loading the programs" cards={2} />;
  else if (!data.length)
    body = (
      <EmptyState icon={<SchoolIcon fontSize="inherit" />} title="No programs yet" action={importButton}>
        Import a program pack to start; the pack shipped with the app is imported when the server starts.
      </EmptyState>
    );
  else body = data.map((program) => <ProgramCard key={program.key} program={program} />);
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}
      >
        <PageTitle>Programs</PageTitle>
        {data?.length ? importButton : null}
      </Stack>
      {body}
      <ImportPackDialog open={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

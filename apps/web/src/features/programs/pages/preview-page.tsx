import type { Preview, SharedBy } from '@liftoff/contracts/programs';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import { errorMessage } from '../../../lib/api';
import { usePreviewQuery } from '../api';
import { ContentIcon } from '../components/content-icon';
import { Markdown } from '../components/markdown';
import { formatDate, formatSize } from '../lib/format';
import { apiHref } from '../lib/urls';

function NotFound({ message }: { message?: string }) {
  const expired = message?.startsWith('This link expired');
  return (
    <Card component="article">
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <LinkOffIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 2 }}>
          {expired ? 'This link has expired' : 'Nothing to preview here'}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {expired
            ? message
            : 'This link does not point to a shared item, or its owner revoked it. Ask the person who sent it for a fresh link.'}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** "Shared by Ada Founder of Acme", with only the names the founder chose to show. */
function sharedByText({ founderName, startupName }: SharedBy): string | null {
  if (founderName && startupName) return `Shared by ${founderName} of ${startupName}`;
  const name = founderName ?? startupName;
  return name ? `Shared by ${name}` : null;
}

/** Who shared the page and how long it stays open: the recipient knows whom to ask and until when. */
function SharedNote({ preview }: { preview: Preview }) {
  const by = sharedByText(preview.sharedBy);
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      {by ? (
        <Typography sx={{ fontWeight: 600 }} data-testid="shared-by">
          {by}
        </Typography>
      ) : null}
      {preview.expiresAt ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="link-expiry">
          This link expires on {formatDate(preview.expiresAt)}.
        </Typography>
      ) : null}
    </Stack>
  );
}

const inlineHref = (downloadUrl: string) => `${apiHref(downloadUrl)}?inline=1`;
const isImage = (mimeType: string) => /^image\/(png|jpeg|gif|webp)$/.test(mimeType);

/** A PDF or an image shown in the page; anything else has only its download. */
function InPagePreview({ file }: { file: { fileName: string; mimeType: string; downloadUrl: string } }) {
  if (isImage(file.mimeType))
    return (
      <Box
        component="img"
        src={inlineHref(file.downloadUrl)}
        alt={`Preview of ${file.fileName}`}
        sx={{
          display: 'block',
          maxWidth: '100%',
          maxHeight: 480,
          mt: 2,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
        }}
      />
    );
  if (file.mimeType !== 'application/pdf') return null;
  // A frame, not an <object>: the app's policy allows no plugins, and the PDF answer allows only this origin to frame it.
  return (
    <>
      <Box
        component="iframe"
        src={inlineHref(file.downloadUrl)}
        title={`Preview of ${file.fileName}`}
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 360, sm: 560 },
          mt: 2,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
        }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        Not showing?{' '}
        <Link href={apiHref(file.downloadUrl)} download={file.fileName}>
          Save {file.fileName}
        </Link>{' '}
        and open it on your device.
      </Typography>
    </>
  );
}

function Context({ preview }: { preview: Preview }) {
  return (
    <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block' }}>
      Shared from {preview.programName} · {preview.milestoneName}
    </Typography>
  );
}

function AttachmentPreview({ preview }: { preview: Extract<Preview, { kind: 'attachment' }> }) {
  const file = preview.attachment;
  return (
    <Card component="article" aria-labelledby="preview-title">
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Context preview={preview} />
        <Typography
          id="preview-title"
          variant="h1"
          sx={{ fontSize: '1.5rem', mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {file.fileName}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          A deliverable of the mission “{preview.missionName}” · {formatSize(file.size)} ·{' '}
          {formatDate(file.createdAt)}
        </Typography>
        <SharedNote preview={preview} />
        {isImage(file.mimeType) || file.mimeType === 'application/pdf' ? (
          <InPagePreview file={file} />
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 3, color: 'primary.main' }}>
            <InsertDriveFileIcon sx={{ fontSize: 48 }} aria-hidden="true" />
            <Typography sx={{ color: 'text.secondary' }}>{file.mimeType}</Typography>
          </Stack>
        )}
        <Button
          component="a"
          href={apiHref(file.downloadUrl)}
          download={file.fileName}
          variant="contained"
          startIcon={<DownloadIcon />}
          sx={{ mt: 3, maxWidth: '100%', overflowWrap: 'anywhere' }}
        >
          Download {file.fileName}
        </Button>
      </CardContent>
    </Card>
  );
}

function SharedFile({
  file,
}: {
  file: { fileName: string; mimeType: string; size: number; downloadUrl: string };
}) {
  return (
    <Box sx={{ mt: 2 }} data-testid="shared-file">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file.fileName}{' '}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            ({formatSize(file.size)})
          </Typography>
        </Typography>
        <Button
          component="a"
          href={apiHref(file.downloadUrl)}
          download={file.fileName}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          aria-label={`Download ${file.fileName}`}
        >
          Download
        </Button>
      </Stack>
      <InPagePreview file={file} />
    </Box>
  );
}

function OutcomePreview({ preview }: { preview: Extract<Preview, { kind: 'outcome' }> }) {
  return (
    <Card component="article" aria-labelledby="preview-title">
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ContentIcon src={preview.iconUrl} size={56} />
          <Box>
            <Context preview={preview} />
            <Typography id="preview-title" variant="h1" sx={{ fontSize: '1.5rem' }}>
              {preview.outcome.title}
            </Typography>
          </Box>
        </Stack>
        <SharedNote preview={preview} />
        {preview.completedAt ? (
          <Typography sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
            <EmojiEventsIcon color="secondary" aria-hidden="true" /> Milestone completed{' '}
            {formatDate(preview.completedAt)}
          </Typography>
        ) : (
          <Typography sx={{ mt: 2, color: 'text.secondary' }}>Milestone in progress</Typography>
        )}
        <Markdown source={preview.outcome.description} sx={{ mt: 2 }} />
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mt: 3 }}>
          Missions
        </Typography>
        <List>
          {preview.missions.map((mission) => (
            <ListItem key={mission.name} divider sx={{ display: 'block', px: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {mission.name}
              </Typography>
              {!mission.answers.length && !mission.attachments.length ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  No answers or files for this mission yet.
                </Typography>
              ) : null}
              {mission.deliverableTitle ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Deliverable: {mission.deliverableTitle}
                </Typography>
              ) : null}
              {mission.answers.length ? (
                <Box component="dl" sx={{ m: 0, mt: 1 }}>
                  {mission.answers.map((entry, index) => (
                    <Box key={index} sx={{ mt: 1 }}>
                      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                        {entry.label}
                      </Typography>
                      <Typography
                        component="dd"
                        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      >
                        {entry.answer}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              ) : null}
              {mission.attachments.map((file) => (
                <SharedFile key={file.downloadUrl} file={file} />
              ))}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** Public, read-only preview of one shared deliverable or outcome (spec section 2, preview layout). */
export function PreviewPage() {
  const [params] = useSearchParams();
  const { token: pathToken } = useParams();
  const token = params.get('token') ?? pathToken ?? '';
  const preview = usePreviewQuery(token, { skip: !token });

  if (!token) return <NotFound />;
  if (preview.isLoading) {
    return (
      <Card aria-busy="true" aria-label="Loading the shared item" role="status">
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="70%" height={40} />
          <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
        </CardContent>
      </Card>
    );
  }
  if (preview.isError) {
    const status = (preview.error as { status?: number }).status;
    if (status === 404) return <NotFound message={errorMessage(preview.error)} />;
    return (
      <Card component="article">
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
            We could not load this preview
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{errorMessage(preview.error)}</Typography>
          <Button startIcon={<RefreshIcon />} sx={{ mt: 2 }} onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!preview.data) return <NotFound />;
  return preview.data.kind === 'attachment' ? (
    <AttachmentPreview preview={preview.data} />
  ) : (
    <OutcomePreview preview={preview.data} />
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { buildPath, paths } from '../../../config/paths';
import { uploadAttachment, useDeliverableReviewQuery, useMissionQuery } from '../api';
import { AttachmentList } from '../components/attachment-list';
import { CompletionMoment } from '../components/completion-moment';
import { ReviewCard } from '../components/review-card';
import { PageSkeleton, PageTitle } from '../../../components/page-states';
import { PageLoadError } from '../components/page-load-error';
import { StatusChip } from '../components/status';
import { formatSize } from '../lib/format';
import { useProgramsDispatch } from '../lib/hooks';

/** The API's limit and accepted types (issue 4): checked here first so a wrong file fails fast. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPT = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.csv',
  '.txt',
  '.md',
].join(',');

type UploadState = { fileName: string; fraction: number } | null;

/** Mission deliverable (spec section 2): what to hand in, upload with progress, files, share. */
export function MissionDeliverablePage() {
  const { missionId = '' } = useParams();
  const mission = useMissionQuery(missionId, { skip: !missionId });
  const review = useDeliverableReviewQuery(missionId, { skip: !missionId });
  const dispatch = useProgramsDispatch();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<UploadState>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [justCompleted, setJustCompleted] = useState(false);

  useEffect(() => () => abortRef.current?.abort(), []);

  if (mission.isLoading) return <PageSkeleton label="Loading the deliverable" cards={2} />;
  if (mission.isError || !mission.data) {
    return <PageLoadError title="Deliverable" query={mission} what="this mission" maxWidth={960} />;
  }
  const data = mission.data;
  const milestone = data.userMilestone;
  const closed =
    milestone.status === 'LOCKED' || milestone.status === 'INCOMPLETED' || data.status === 'INCOMPLETED';
  const reviewed = review.data ?? null;
  // While the program team reads a version, a new one would change what they are reading.
  const inReview = reviewed?.status === 'in_review';
  // Until anyone reacted, a file may be taken back; afterwards every version stays for the review.
  const canDelete = !reviewed || (reviewed.status === 'submitted' && reviewed.comments.length === 0);
  const versionOf = new Map(reviewed?.versions.map((v) => [v.id, v.number]) ?? []);

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem(
        `“${file.name}” is ${formatSize(file.size)}. Files can be up to 10 MB: export a smaller PDF or compress the images.`,
      );
      return;
    }
    const before = data.status;
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ fileName: file.name, fraction: 0 });
    const result = await dispatch(
      uploadAttachment(
        data.id,
        file,
        (fraction) => setUpload({ fileName: file.name, fraction }),
        controller.signal,
      ),
    );
    setUpload(null);
    if (!result.ok) {
      if (!result.aborted) setProblem(result.message);
      return;
    }
    const refreshed = await mission.refetch();
    if (before !== 'COMPLETED' && refreshed.data?.status === 'COMPLETED') setJustCompleted(true);
  };

  const percent = upload ? Math.round(upload.fraction * 100) : 0;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box>
        <Link component={RouterLink} to={buildPath.missionDetails(data.id)} variant="body2">
          Back to the mission “{data.name}”
        </Link>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}
        >
          <PageTitle>Deliverable</PageTitle>
          <StatusChip status={data.status} />
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Milestone {milestone.index}: {milestone.name} · {data.name}
        </Typography>
      </Box>

      {justCompleted ? (
        <CompletionMoment
          title={milestone.status === 'COMPLETED' ? 'Milestone complete!' : 'Mission complete!'}
          actions={
            <>
              {milestone.status === 'COMPLETED' ? (
                <Button
                  component={RouterLink}
                  to={buildPath.milestoneOutcome(milestone.userProgramId, milestone.id, data.id)}
                  variant="contained"
                  color="secondary"
                  startIcon={<EmojiEventsIcon />}
                >
                  See the milestone outcome
                </Button>
              ) : null}
              <Button component={RouterLink} to={paths.overview} variant="outlined">
                Back to your overview
              </Button>
            </>
          }
        >
          <Typography>Your deliverable is in and “{data.name}” is complete. Well done.</Typography>
        </CompletionMoment>
      ) : null}

      <Card component="section" aria-labelledby="what-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            What to hand in
          </Typography>
          <Typography id="what-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {data.deliverable?.title ?? 'This mission needs no file'}
          </Typography>
          <Typography sx={{ mt: 1, maxWidth: '75ch' }}>
            {data.deliverable?.description ??
              'You can still keep notes or files from this mission here; they are collected in your outcomes.'}
          </Typography>
          {data.deliverable?.acceptedHint ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {data.deliverable.acceptedHint}
            </Typography>
          ) : null}

          <Box sx={{ mt: 3 }}>
            {closed ? (
              <Alert severity="info">
                {milestone.status === 'LOCKED'
                  ? 'This milestone is locked. Finish the previous milestone first.'
                  : 'This program has ended; files can no longer be handed in.'}
              </Alert>
            ) : (
              <>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="file"
                  accept={ACCEPT}
                  hidden
                  onChange={(event) => void onFile(event.target.files?.[0])}
                  data-testid="deliverable-input"
                />
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Button
                    variant="contained"
                    startIcon={<UploadFileIcon />}
                    onClick={() => inputRef.current?.click()}
                    disabled={Boolean(upload) || inReview}
                  >
                    {reviewed
                      ? 'Upload a new version'
                      : data.attachments.length
                        ? 'Upload another file'
                        : 'Upload a file'}
                  </Button>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    PDF, images, office documents, CSV or plain text, up to 10 MB.
                  </Typography>
                </Stack>
                {inReview ? (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    Your program team is reviewing this version. You can upload a new one once they have
                    answered.
                  </Alert>
                ) : null}
              </>
            )}
            {upload ? (
              <Box sx={{ mt: 2 }} role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  Uploading {upload.fileName}… {percent}%
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={`Uploading ${upload.fileName}`}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Button size="small" sx={{ mt: 1 }} onClick={() => abortRef.current?.abort()}>
                  Cancel upload
                </Button>
              </Box>
            ) : null}
            {problem ? (
              <Alert severity="error" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
                {problem}
              </Alert>
            ) : null}
          </Box>
        </CardContent>
      </Card>

      {data.deliverable ? <ReviewCard missionId={data.id} query={review} /> : null}

      <Card component="section" aria-labelledby="files-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="files-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {reviewed ? 'Your versions' : 'Your files'}
          </Typography>
          {data.attachments.length ? (
            <AttachmentList
              attachments={[...data.attachments].reverse()}
              missionId={data.id}
              canDelete={canDelete}
              label="Files handed in"
              versionOf={(id) => versionOf.get(id)}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              No files yet — upload your deliverable above{data.deliverable ? ' to complete the mission' : ''}
              .
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

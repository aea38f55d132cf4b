import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ProfileSettings } from '@liftoff/contracts/experts-profile';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiExtra } from '../../../lib/api';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { apiHref } from '../lib/urls';
import { AssignedMilestones } from './assigned-milestones';
import { uploadExpertPhoto, useMyProfileQuery, useSaveProfileMutation } from '../profile-api';

type Dispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;
type Draft = { headline: string; bio: string; expertise: string; languages: string; bookingUrl: string };

// Lists are edited as comma-separated text: one field per list works with a keyboard and on a phone.
const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The expert's own profile: what founders see in the expert card and the profile dialog. */
export function ProfilePage() {
  const { data, error, isLoading, refetch } = useMyProfileQuery();
  const [save, { isLoading: saving }] = useSaveProfileMutation();
  const dispatch = useDispatch<Dispatch>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');

  useEffect(() => {
    if (data && !draft)
      setDraft({
        headline: data.headline,
        bio: data.bio,
        expertise: data.expertise.join(', '),
        languages: data.languages.join(', '),
        bookingUrl: data.bookingUrl ?? '',
      });
  }, [data, draft]);

  if (isLoading) return <PageSkeleton label="Loading your profile" cards={2} height={160} />;
  if (error || !data) return <LoadError error={error} onRetry={() => void refetch()} what="your profile" />;
  if (!draft) return <PageSkeleton label="Loading your profile" cards={2} height={160} />;

  const field = (key: keyof Draft, label: string, extra: object = {}) => {
    // A list's errors name an item (`expertise.1`); they show on the list's one field.
    const message = Object.entries(errors).find(([path]) => path.split('.')[0] === key)?.[1];
    return (
      <TextField
        label={label}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        error={Boolean(message)}
        helperText={message ?? (extra as { hint?: string }).hint}
        fullWidth
        {...(({ hint: _hint, ...rest }) => rest)(extra as { hint?: string })}
      />
    );
  };

  const onSave = async () => {
    setFailure(null);
    const body: ProfileSettings = {
      headline: draft.headline,
      bio: draft.bio,
      expertise: list(draft.expertise),
      languages: list(draft.languages),
      bookingUrl: draft.bookingUrl.trim() || null,
    };
    const result = await save(body);
    if ('error' in result) {
      const failed = result.error as { message?: string; details?: { path: string; message: string }[] };
      setErrors(Object.fromEntries((failed.details ?? []).map((d) => [d.path, d.message])));
      setFailure(failed.message ?? 'Your profile could not be saved. Try again.');
      return;
    }
    setErrors({});
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError('');
    try {
      await dispatch(uploadExpertPhoto(file));
    } catch (caught) {
      setUploadError((caught as { message?: string }).message ?? 'The photo could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack spacing={2}>
      <PageTitle>Your profile</PageTitle>
      <Typography color="text.secondary">
        Founders see this beside your name when they ask you a question or book a meeting.
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Avatar src={apiHref(data.profileImageUrl)} alt="" sx={{ width: 72, height: 72 }}>
              {data.firstName[0]}
            </Avatar>
            <Stack spacing={0.5}>
              <Typography sx={{ fontWeight: 600 }}>
                {data.firstName} {data.lastName}
              </Typography>
              <ImageUploadButton
                uploading={uploading}
                label="Upload a photo"
                size="small"
                onFile={(file) => void upload(file)}
              />
              <Typography variant="body2" color="text.secondary">
                PNG, JPEG or WebP, at most 5 MB.
              </Typography>
            </Stack>
          </Stack>
          {uploadError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {uploadError}
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {field('headline', 'Headline')}
            {field('bio', 'Bio', { multiline: true, minRows: 4 })}
            {field('expertise', 'Expertise', { hint: 'Separate topics with commas.' })}
            {field('languages', 'Languages', { hint: 'Separate languages with commas.' })}
            {field('bookingUrl', 'External booking link', {
              hint: 'An https address, or leave empty.',
              type: 'url',
            })}
            <Typography variant="body2">
              Your services and their durations are set with your hours, on the{' '}
              <Link component={RouterLink} to="/expert/availability">
                availability page
              </Link>
              .
            </Typography>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <Button
              variant="contained"
              onClick={() => void onSave()}
              disabled={saving}
              sx={{ alignSelf: 'start' }}
            >
              {saving ? 'Saving…' : 'Save profile'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <AssignedMilestones milestones={data.milestones} />
    </Stack>
  );
}

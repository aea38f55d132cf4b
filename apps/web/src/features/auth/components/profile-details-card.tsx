import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import type { User } from '@liftoff/contracts/auth';
import { displayName } from '../../../lib/session';
import { useUpdateMetaMutation, useUpdateUserMutation } from '../api';
import { applyServerFieldErrors } from './form-errors';
import { resizeImageToDataUrl } from './image-resize';
import { NameFields } from './name-fields';
import {
  founderDetailFields,
  founderDetailsFrom,
  founderDetailsSchema as schema,
  StartupFields,
  type FounderDetails as Values,
} from './startup-fields';

const answers = ['startupName', 'stage', 'industry', 'goals'] as const;
// An expert or team member who never onboarded as a founder has no startup to describe: names only.
const namesOnly = schema.pick({ firstName: true, lastName: true });

/**
 * Name, profile picture (resized here to at most 256 px and sent as a data URL) and every onboarding
 * answer, with onboarding's choices and checks: onboarding promises they can be changed later.
 */
export function ProfileDetailsCard({ user }: { user: User }) {
  const [updateUser, { isLoading: savingUser }] = useUpdateUserMutation();
  const [updateMeta, { isLoading: savingMeta }] = useUpdateMetaMutation();
  const [image, setImage] = useState<string | null>(user.profileImageUrl);
  const founder = user.profileCompleted;
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver((founder ? schema : namesOnly) as typeof schema),
    defaultValues: founderDetailsFrom(user),
  });
  const imageChanged = image !== user.profileImageUrl;

  const onFile = async (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    try {
      setImage(await resizeImageToDataUrl(file));
    } catch (error) {
      setImageError(error instanceof Error ? error.message : 'This image could not be used.');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    // Only the answers that changed are sent; the API merges them into the rest of what was saved.
    const changed = Object.fromEntries(
      (founder ? answers : [])
        .filter((key) => values[key] !== (user.meta[key] ?? ''))
        .map((key) => [key, values[key]]),
    );
    if (Object.keys(changed).length) {
      const meta = await updateMeta({ id: user.id, meta: changed });
      if ('error' in meta) return applyServerFieldErrors(meta.error, founderDetailFields, setError);
    }
    const result = await updateUser({
      id: user.id,
      body: {
        firstName: values.firstName,
        lastName: values.lastName,
        ...(imageChanged ? { profileImageUrl: image } : {}),
      },
    });
    if ('error' in result) applyServerFieldErrors(result.error, ['firstName', 'lastName'] as const, setError);
  });

  const name = displayName(user);
  return (
    <Card component="section" aria-labelledby="details-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="details-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
          {founder ? 'You and your startup' : 'About you'}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Profile details">
          <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Avatar
                src={image ?? undefined}
                alt={image ? `Profile picture of ${name}` : undefined}
                sx={{ width: 72, height: 72 }}
              >
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Button variant="outlined" component="label" startIcon={<PhotoCameraIcon />}>
                {image ? 'Change picture' : 'Add a picture'}
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  aria-label="Profile picture file"
                  onChange={(event) => void onFile(event.target.files?.[0])}
                />
              </Button>
              {image ? <Button onClick={() => setImage(null)}>Remove picture</Button> : null}
            </Stack>
            {imageError ? (
              <Typography role="alert" sx={{ color: 'error.main' }}>
                {imageError}
              </Typography>
            ) : null}
            <NameFields
              firstName={register('firstName')}
              lastName={register('lastName')}
              errors={errors}
              fullWidth
              rowFrom="sm"
            />
            {founder ? (
              <>
                <TextField
                  label="Startup name"
                  autoComplete="organization"
                  required
                  error={Boolean(errors.startupName)}
                  helperText={errors.startupName?.message}
                  {...register('startupName')}
                />
                <StartupFields control={control} register={register} errors={errors} />
              </>
            ) : null}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ color: 'text.secondary' }}>{user.email}</Typography>
              <Chip
                size="small"
                color={user.verified ? 'success' : 'default'}
                label={user.verified ? 'Verified' : 'Not verified'}
              />
            </Stack>
            <Box>
              <Button
                type="submit"
                variant="contained"
                loading={savingUser || savingMeta}
                disabled={!isDirty && !imageChanged}
              >
                Save changes
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

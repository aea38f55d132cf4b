import { useState } from 'react';
import type { StudioPost } from '@liftoff/contracts/explore-studio';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePublishPostMutation, useUnpublishPostMutation } from './api';
import { when } from './posts-page';

/** A `datetime-local` value (the browser's own time zone) for an instant. */
const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

/**
 * Publish now, schedule for a time, or take a post out of explore. What is on screen is saved first, so what
 * publishes is what the team sees; a refusal (a field publishing needs is empty) goes back to the editor,
 * which shows it on each field.
 */
export function PublishPanel({
  post,
  beforePublish,
  onRefused,
}: {
  post: StudioPost;
  beforePublish: () => Promise<boolean>;
  onRefused: (error: unknown) => void;
}) {
  const [publish, publishing] = usePublishPostMutation();
  const [unpublish, unpublishing] = useUnpublishPostMutation();
  const [at, setAt] = useState(localInput(new Date(Date.now() + 24 * 3600_000)));
  const busy = publishing.isLoading || unpublishing.isLoading;
  const publishAt = async (publishAt?: string) => {
    if (!(await beforePublish())) return;
    try {
      await publish({ id: post.id, body: publishAt ? { publishAt } : {} }).unwrap();
    } catch (error) {
      onRefused(error);
    }
  };
  const atDate = new Date(at);
  const atValid = at !== '' && !Number.isNaN(atDate.getTime()) && atDate.getTime() > Date.now();
  const state = {
    draft: 'This post is a draft: founders do not see it.',
    scheduled: `Scheduled: founders see it from ${post.publishAt ? when(post.publishAt) : ''}.`,
    published: `Published ${post.publishAt ? when(post.publishAt) : ''}: founders see it in explore.`,
  }[post.status];
  return (
    <Card variant="outlined" component="section" aria-labelledby="publish-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="publish-title" component="h2" sx={{ fontWeight: 600 }}>
            Publishing
          </Typography>
          <Typography role="status">{state}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {post.status !== 'published' ? (
              <Button variant="contained" disabled={busy} onClick={() => void publishAt()}>
                Publish now
              </Button>
            ) : null}
            {post.status !== 'draft' ? (
              <Button
                variant="outlined"
                color="warning"
                disabled={busy}
                onClick={() => void unpublish(post.id)}
              >
                Unpublish
              </Button>
            ) : null}
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              type="datetime-local"
              label="Publish at"
              value={at}
              onChange={(event) => setAt(event.target.value)}
              error={at !== '' && !atValid}
              helperText={at !== '' && !atValid ? 'Choose a time in the future' : 'Your local time'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="outlined"
              disabled={busy || !atValid}
              sx={{ minHeight: 56 }}
              onClick={() => void publishAt(atDate.toISOString())}
            >
              Schedule
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { ReviewComment } from '@liftoff/contracts/programs-review';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/SendOutlined';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * The conversation on a deliverable, oldest first, with a reply box. `viewer` decides whose messages read
 * as "you" and how the other side is named.
 */
export function ReviewThread({
  comments,
  viewer,
  onSend,
  sending,
  emptyText,
}: {
  comments: ReviewComment[];
  viewer: 'founder' | 'team';
  /** Answers whether the comment was saved (the box is cleared then). */
  onSend: (body: string) => Promise<boolean>;
  sending: boolean;
  emptyText: string;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) {
      setError('Write a comment first.');
      return;
    }
    setError(null);
    if (await onSend(body)) setDraft('');
  };
  return (
    <Stack spacing={2}>
      {comments.length ? (
        <Stack component="ol" spacing={2} aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {comments.map((comment) => {
            const fromTeam = comment.author.role === 'team';
            const who = `${comment.author.name}${fromTeam ? ' · program team' : ''}`;
            return (
              <Box component="li" key={comment.id} sx={{ display: 'flex', gap: 1.5 }}>
                <Avatar
                  aria-hidden="true"
                  sx={{
                    width: 32,
                    height: 32,
                    fontSize: '0.875rem',
                    bgcolor: fromTeam ? 'primary.main' : 'secondary.main',
                    // Dark initials on the amber: white on it reads under 4.5:1.
                    color: fromTeam ? 'primary.contrastText' : 'common.black',
                  }}
                >
                  {initials(comment.author.name)}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {comment.author.role === viewer && viewer === 'founder' ? 'You' : who}
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ color: 'text.secondary', fontWeight: 400 }}
                    >
                      {' '}
                      ·{' '}
                      <time dateTime={comment.createdAt}>
                        {timeFormat.format(new Date(comment.createdAt))}
                      </time>
                    </Typography>
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '75ch' }}>
                    {comment.body}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>
      )}
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id={fieldId}
          label={viewer === 'founder' ? 'Reply to your program team' : 'Comment for the founder'}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<SendIcon />} loading={sending}>
          Send comment
        </Button>
      </Box>
    </Stack>
  );
}

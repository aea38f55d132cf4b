import { Link as RouterLink, useSearchParams } from 'react-router';
import type { StudioPostSummary } from '@liftoff/contracts/explore-studio';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useExploreSourceQuery, useStudioPostsQuery } from './api';

const statusChip: Record<
  StudioPostSummary['status'],
  { label: string; color: 'default' | 'info' | 'success' }
> = {
  draft: { label: 'Draft', color: 'default' },
  scheduled: { label: 'Scheduled', color: 'info' },
  published: { label: 'Published', color: 'success' },
};

export const when = (value: string) =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PostRow({ post }: { post: StudioPostSummary }) {
  const chip = statusChip[post.status];
  return (
    <Card>
      <CardActionArea component={RouterLink} to={`/studio/posts/${encodeURIComponent(post.id)}`}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {post.title || 'Untitled draft'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {post.author ? `${post.author} · ` : ''}
              {post.status === 'draft'
                ? `edited ${when(post.updatedAt)}`
                : `${post.status === 'scheduled' ? 'appears' : 'published'} ${when(post.publishAt!)}`}
            </Typography>
          </Box>
          <Chip label={chip.label} color={chip.color} size="small" variant="outlined" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const filters: { value: StudioPostSummary['status'] | 'all'; label: string; none: string }[] = [
  { value: 'all', label: 'All statuses', none: '' },
  { value: 'draft', label: 'Drafts', none: 'No drafts.' },
  { value: 'scheduled', label: 'Scheduled', none: 'Nothing is scheduled.' },
  { value: 'published', label: 'Published', none: 'Nothing is published yet.' },
];

/**
 * The explore posts of the built-in store, newest first (by publish time, a draft by its last edit), with a
 * status filter; with Wix as the source, a pointer to the Wix dashboard instead.
 */
export function StudioPostsPage() {
  const source = useExploreSourceQuery();
  const wix = source.data?.kind === 'wix';
  // Kept in the address, so the list opens again as it was left.
  const [params, setParams] = useSearchParams();
  const filter = filters.find((f) => f.value === params.get('status'))?.value ?? 'all';
  const setFilter = (value: string) => setParams(value === 'all' ? {} : { status: value }, { replace: true });
  const posts = useStudioPostsQuery(filter === 'all' ? undefined : filter, { skip: !source.data || wix });
  const newPost = (
    <Button variant="contained" component={RouterLink} to="/studio/posts/new">
      Write a post
    </Button>
  );
  let body;
  if (source.error || posts.error)
    body = (
      <LoadError
        error={source.error ?? posts.error}
        onRetry={() => void (source.error ? source.refetch() : posts.refetch())}
        what="the posts"
      />
    );
  else if (wix)
    body = (
      <Alert severity="info">
        Explore shows the posts of your Wix blog, so they are written there.{' '}
        <Box
          component="a"
          href={source.data!.dashboardUrl!}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          Open the Wix dashboard <OpenInNewIcon fontSize="inherit" aria-hidden="true" />
          <Box component="span" sx={visuallyHidden}>
            (opens in a new tab)
          </Box>
        </Box>
      </Alert>
    );
  else if (!posts.data) body = <PageSkeleton label="Loading posts" cards={3} height={72} />;
  else if (!posts.data.length && filter !== 'all')
    body = (
      <Typography sx={{ color: 'text.secondary' }}>
        {filters.find((f) => f.value === filter)!.none}
      </Typography>
    );
  else if (!posts.data.length)
    body = (
      <EmptyState icon={<ArticleIcon fontSize="inherit" />} title="No posts yet" action={newPost}>
        Posts you write here appear in the founders&apos; explore, now or at the time you choose.
      </EmptyState>
    );
  else
    body = (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {posts.data.map((post) => (
          <li key={post.id}>
            <PostRow post={post} />
          </li>
        ))}
      </Stack>
    );
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <Box>
          <PageTitle>Explore posts</PageTitle>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Write, schedule and unpublish the posts founders read in explore.
          </Typography>
        </Box>
        {!wix && source.data && (posts.data?.length || filter !== 'all') ? newPost : null}
      </Stack>
      {!wix && source.data && (posts.data?.length || filter !== 'all') ? (
        <TextField
          select
          label="Status"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ minWidth: 220, alignSelf: 'flex-start' }}
        >
          {filters.map((f) => (
            <MenuItem key={f.value} value={f.value}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {body}
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

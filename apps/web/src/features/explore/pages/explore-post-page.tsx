import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { Post } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { EmptyState, ErrorState } from '../../../components/page-states';
import { buildPath } from '../../../config/paths';
import { errorMessage, errorStatus } from '../../../lib/api';
import { useExplorePostQuery } from '../api';
import { ArticleBody } from '../components/article-body';
import type { ArticleLinkState } from '../components/post-card';
import { hasMetrics, PostMetrics } from '../components/post-metrics';
import { ShareLink } from '../components/share-link';
import { exploreUrl } from '../filters';
import { formatDate, readingTime } from '../format';

/** Where "Back to Explore" goes: the list the reader came from, when it was an explore list. */
function backTarget(state: unknown): string {
  const from = (state as ArticleLinkState | null)?.from;
  return typeof from === 'string' && from.startsWith('/explore') && !from.startsWith('/explore/post/')
    ? from
    : exploreUrl({});
}

function ArticleSkeleton() {
  return (
    <Box aria-hidden="true">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '21 / 9', height: 'auto', borderRadius: 3 }} />
      <Skeleton width="25%" sx={{ mt: 3 }} />
      <Skeleton width="85%" height={48} />
      <Skeleton width="40%" />
      <Box sx={{ maxWidth: '70ch', mt: 4 }}>
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} width={index % 3 === 2 ? '70%' : '100%'} />
        ))}
      </Box>
    </Box>
  );
}

function NeighbourLinks({ post }: { post: Post }) {
  if (!post.previous && !post.next) return null;
  const card = (to: string, label: string, title: string, align: 'left' | 'right', icon: React.ReactNode) => (
    <Card
      component={RouterLink}
      to={to}
      sx={{
        display: 'flex',
        flexDirection: align === 'right' ? 'row-reverse' : 'row',
        alignItems: 'center',
        gap: 1.5,
        p: 2,
        flex: 1,
        minWidth: 0,
        textAlign: align,
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover': { boxShadow: 4 },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'primary.main', display: 'flex' }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
      </Box>
    </Card>
  );
  return (
    <Box
      component="nav"
      aria-label="More articles"
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: 5 }}
    >
      {post.previous
        ? card(
            buildPath.explorePost(post.previous.slug),
            'Previous article',
            post.previous.title,
            'left',
            <ArrowBackIcon />,
          )
        : null}
      {post.next
        ? card(
            buildPath.explorePost(post.next.slug),
            'Next article',
            post.next.title,
            'right',
            <ArrowForwardIcon />,
          )
        : null}
    </Box>
  );
}

function Article({ post }: { post: Post }) {
  const shareUrl = `${window.location.origin}${buildPath.explorePost(post.slug)}`;
  const updated =
    post.lastPublishedDate && formatDate(post.lastPublishedDate) !== formatDate(post.firstPublishedDate)
      ? formatDate(post.lastPublishedDate)
      : '';
  return (
    <Box component="article" aria-labelledby="article-title">
      {post.heroImage ? (
        <Box
          component="img"
          src={post.heroImage.url}
          alt={post.heroImage.alt}
          width={post.heroImage.width}
          height={post.heroImage.height}
          sx={{
            width: '100%',
            aspectRatio: { xs: '16 / 9', md: '21 / 9' },
            height: 'auto',
            objectFit: 'cover',
            borderRadius: 3,
            display: 'block',
            bgcolor: 'action.hover',
          }}
        />
      ) : null}

      <Box component="header" sx={{ mt: 3, maxWidth: '70ch' }}>
        {post.categories.length ? (
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }}
            aria-label="Categories"
            role="list"
          >
            {post.categories.map((category) => (
              <Box role="listitem" key={category._id}>
                <Chip
                  component={RouterLink}
                  to={exploreUrl({ category: category.slug })}
                  label={category.title}
                  clickable
                  color="primary"
                  variant="outlined"
                  size="small"
                  sx={{ fontWeight: 600, minHeight: 28 }}
                />
              </Box>
            ))}
          </Stack>
        ) : null}
        <Typography
          id="article-title"
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, lineHeight: 1.2 }}
        >
          {post.title}
        </Typography>
        <Typography
          sx={{ mt: 1.5, color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1 }}
        >
          {[
            post.author ? (
              <span key="author">
                By <strong>{post.author.name}</strong>
              </span>
            ) : null,
            <time key="date" dateTime={post.firstPublishedDate}>
              {formatDate(post.firstPublishedDate)}
            </time>,
            <span key="time">{readingTime(post.minutesToRead)}</span>,
            updated ? (
              <span key="updated">
                Updated <time dateTime={post.lastPublishedDate}>{updated}</time>
              </span>
            ) : null,
          ]
            .filter(Boolean)
            .map((item, index) => (
              <Box component="span" key={index} sx={{ whiteSpace: 'nowrap' }}>
                {index > 0 ? (
                  <Box component="span" aria-hidden="true" sx={{ mr: 1 }}>
                    ·
                  </Box>
                ) : null}
                {item}
              </Box>
            ))}
        </Typography>
        {hasMetrics(post.metrics) ? (
          <Box sx={{ mt: 2 }}>
            <PostMetrics metrics={post.metrics} />
          </Box>
        ) : null}
      </Box>

      <Divider sx={{ my: 4, maxWidth: '70ch' }} />
      <ArticleBody html={post.contentHtml} />
      <Divider sx={{ my: 4, maxWidth: '70ch' }} />

      <Stack spacing={3} sx={{ maxWidth: '70ch' }}>
        {post.tags.length ? (
          <Box>
            <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
              Tags
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {post.tags.map((tag) => (
                <li key={tag._id}>
                  <Chip
                    component={RouterLink}
                    to={exploreUrl({ tag: tag.slug })}
                    icon={<LocalOfferIcon />}
                    label={tag.label}
                    clickable
                    variant="outlined"
                    sx={{ minHeight: 32 }}
                  />
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1.5 }}>
            Share this article
          </Typography>
          <ShareLink url={shareUrl} />
        </Box>
      </Stack>

      <NeighbourLinks post={post} />
    </Box>
  );
}

/** `/explore/post/{slug}`: one article, rendered safely, with its metrics, neighbours and share link. */
export function ExplorePostPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const back = backTarget(location.state);
  const {
    currentData: post,
    error,
    isError,
    isFetching,
    refetch,
  } = useExplorePostQuery(slug, { skip: !slug });

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [slug]);

  const status = isError ? errorStatus(error) : undefined;

  let content: React.ReactNode;
  if (post) {
    content = <Article post={post} />;
  } else if (isError && status === 404) {
    content = (
      <EmptyState
        icon={<MenuBookIcon fontSize="inherit" />}
        title={errorMessage(error, 'We could not find that article.')}
        action={
          <Button component={RouterLink} to={exploreUrl({})} variant="contained">
            Browse all articles
          </Button>
        }
      >
        It may have moved or been unpublished. Explore has plenty more to read.
      </EmptyState>
    );
  } else if (isError) {
    content = (
      <ErrorState
        title="The article did not load"
        message={errorMessage(error)}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    content = <ArticleSkeleton />;
  }

  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Link
        component={RouterLink}
        to={back}
        underline="hover"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          mb: 2.5,
          fontWeight: 600,
          minHeight: 32,
        }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back to Explore
      </Link>
      {isError && status === 404 ? (
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 3 }}>
          Article not found
        </Typography>
      ) : null}
      {content}
    </Box>
  );
}

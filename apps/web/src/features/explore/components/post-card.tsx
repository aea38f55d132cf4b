import { Link as RouterLink } from 'react-router';
import type { PostSummary } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { buildPath } from '../../../config/paths';
import { formatDate, readingTime } from '../format';
import { Highlight } from './highlight';

export type ArticleLinkState = { from?: string };

type PostCardProps = {
  post: PostSummary;
  /** The list's address, for "Back to Explore". */
  from: string;
  /** The category slug the list is filtered on: the card names that category. */
  category?: string;
  /** The words of the search (searchTerms), highlighted in the title and excerpt. */
  terms?: string[];
};

/** A card in the posts grid; the title is the link and the whole card is its click target. */
export function PostCard({ post, from, category: filtered, terms = [] }: PostCardProps) {
  const category = post.categories.find((c) => c.slug === filtered) ?? post.categories[0];
  return (
    <Card
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: 4 },
        '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }}>
        {post.heroImage ? (
          <Box
            component="img"
            src={post.heroImage.url}
            alt={post.heroImage.alt}
            loading="lazy"
            decoding="async"
            width={post.heroImage.width}
            height={post.heroImage.height}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : null}
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
        {category ? (
          <Typography
            variant="overline"
            component="p"
            sx={{ color: 'primary.main', lineHeight: 1.4, fontWeight: 700 }}
          >
            {category.title}
          </Typography>
        ) : null}
        <Typography variant="h3" sx={{ fontSize: '1.125rem', lineHeight: 1.35 }}>
          <Box
            component={RouterLink}
            to={buildPath.explorePost(post.slug)}
            state={{ from } satisfies ArticleLinkState}
            sx={{
              color: 'text.primary',
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
              '&:focus-visible': { outline: 'none' },
              // Stretches the link over the card so the whole card opens the article.
              '&::after': { content: '""', position: 'absolute', inset: 0 },
            }}
          >
            <Highlight text={post.title} terms={terms} />
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          <Highlight text={post.excerpt} terms={terms} />
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          <time dateTime={post.firstPublishedDate}>{formatDate(post.firstPublishedDate)}</time>
          <Box component="span" aria-hidden="true" sx={{ mx: 1 }}>
            ·
          </Box>
          {readingTime(post.minutesToRead)}
        </Typography>
      </Box>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden="true">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Box sx={{ p: 2.5 }}>
        <Skeleton width="30%" />
        <Skeleton width="90%" height={32} />
        <Skeleton width="100%" />
        <Skeleton width="80%" />
        <Skeleton width="45%" sx={{ mt: 1 }} />
      </Box>
    </Card>
  );
}

import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ALL_CATEGORY, EXPLORE_DEFAULT_LIMIT } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { searchTerms } from '@liftoff/contracts/explore-search';
import { EmptyState, ErrorState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api';
import { useExploreCategoriesQuery, useExplorePostsQuery, useExploreTagsQuery } from '../api';
import { CategoryChips, SearchBox, TagSelect } from '../components/explore-filters';
import { PostCard, PostCardSkeleton } from '../components/post-card';
import {
  exploreUrl,
  hasFilters,
  pageUrl,
  parseFilters,
  postsQueryOf,
  resultsSummary,
  withFilter,
} from '../filters';

const PAGE_SIZE = EXPLORE_DEFAULT_LIMIT;

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 2, sm: 3 },
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

/** `/explore/{page?}?category&tag&search`: the blog, newest first, filtered and paged by the URL. */
export function ExplorePage() {
  const { page: pageParam } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { filters, canonicalUrl } = useMemo(
    () => parseFilters(pageParam, searchParams),
    [pageParam, searchParams],
  );
  const currentUrl = `${location.pathname}${location.search}`;
  const terms = useMemo(() => searchTerms(filters.search), [filters.search]);

  // An address like /explore/abc or ?category=all is tidied once, without a history entry.
  useEffect(() => {
    if (canonicalUrl !== currentUrl) void navigate(canonicalUrl, { replace: true });
  }, [canonicalUrl, currentUrl, navigate]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [filters.page]);

  const categories = useExploreCategoriesQuery();
  const tags = useExploreTagsQuery();
  const posts = useExplorePostsQuery(postsQueryOf(filters, PAGE_SIZE));

  const go = (to: string) => void navigate(to);
  const selectedCategory = categories.data?.find((category) => category.slug === filters.category);
  const selectedTag = tags.data?.find((tag) => tag.slug === filters.tag);
  const heading = filters.category ? (selectedCategory?.label ?? 'Articles') : ALL_CATEGORY.label;

  const data = posts.currentData;
  const loading = !data && (posts.isFetching || posts.isLoading) && !posts.isError;

  let summary = '';
  if (data) {
    summary = resultsSummary(data.total, data.page, data.limit, data.posts.length);
    if (filters.tag && data.total > 0) summary += ` tagged ${selectedTag?.label ?? filters.tag}`;
    if (filters.search && data.total > 0) summary += ` matching “${filters.search}”, best matches first`;
  }

  let body: React.ReactNode;
  if (posts.isError && !data) {
    body = (
      <ErrorState
        title="The articles did not load"
        message={errorMessage(posts.error)}
        onRetry={() => void posts.refetch()}
        retrying={posts.isFetching}
      />
    );
  } else if (loading || !data) {
    body = (
      <Box component="ul" sx={grid} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <PostCardSkeleton />
          </li>
        ))}
      </Box>
    );
  } else if (data.posts.length === 0 && data.total > 0) {
    body = (
      <EmptyState
        icon={<MenuBookIcon fontSize="inherit" />}
        title={`Page ${filters.page} is past the last page`}
        action={
          <Button component={RouterLink} to={pageUrl(filters, data.lastPage)} variant="contained">
            Go to the last page ({data.lastPage})
          </Button>
        }
      >
        {hasFilters(filters) ? 'These filters give' : 'Explore has'} {data.lastPage}{' '}
        {data.lastPage === 1 ? 'page' : 'pages'} of articles.
      </EmptyState>
    );
  } else if (data.posts.length === 0) {
    body = hasFilters(filters) ? (
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title="No articles match these filters"
        action={
          <Button component={RouterLink} to={exploreUrl({})} variant="contained">
            Clear filters
          </Button>
        }
      >
        Try another category or tag, or clear the filters to see every article.
      </EmptyState>
    ) : (
      <EmptyState icon={<MenuBookIcon fontSize="inherit" />} title="No articles yet">
        Articles for founders appear here as soon as they are published. Check back soon.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box component="ul" sx={grid} aria-busy={posts.isFetching}>
          {data.posts.map((post) => (
            <li key={post._id}>
              <PostCard post={post} from={currentUrl} category={filters.category} terms={terms} />
            </li>
          ))}
        </Box>
        {data.lastPage > 1 ? (
          <Pagination
            aria-label="Pages"
            count={data.lastPage}
            page={Math.min(filters.page, data.lastPage)}
            color="primary"
            shape="rounded"
            size="large"
            siblingCount={1}
            sx={{ mt: 4, display: 'flex', justifyContent: 'center', '& ul': { justifyContent: 'center' } }}
            getItemAriaLabel={(type, page, selected) => {
              if (type === 'previous') return 'Previous page';
              if (type === 'next') return 'Next page';
              if (type === 'first') return 'First page';
              if (type === 'last') return 'Last page';
              return selected ? `Page ${page}, current page` : `Page ${page}`;
            }}
            renderItem={(item) => (
              <PaginationItem
                component={RouterLink}
                to={pageUrl(filters, item.page ?? 1)}
                aria-current={item.selected ? 'page' : undefined}
                {...item}
              />
            )}
          />
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1320, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' } }}>
        Explore
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        Short reads for founders, newest first. Pick a category or a tag to focus, or search: the best matches
        come first.
      </Typography>

      <Stack spacing={2.5} sx={{ mb: 4 }}>
        <CategoryChips
          categories={categories.data}
          loading={categories.isLoading}
          selected={filters.category}
          onSelect={(category) => go(withFilter(filters, { category }))}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TagSelect
            tags={tags.data}
            selected={filters.tag}
            onSelect={(tag) => go(withFilter(filters, { tag }))}
          />
          <SearchBox value={filters.search} onSearch={(search) => go(withFilter(filters, { search }))} />
        </Stack>
        {categories.isError || tags.isError ? (
          <ErrorState
            title="Some filters did not load"
            message={errorMessage(categories.error ?? tags.error)}
            onRetry={() => {
              if (categories.isError) void categories.refetch();
              if (tags.isError) void tags.refetch();
            }}
          />
        ) : null}
      </Stack>

      <Box component="section" aria-labelledby="explore-results-heading">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Typography id="explore-results-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {heading}
          </Typography>
          <Typography role="status" aria-live="polite" variant="body2" sx={{ color: 'text.secondary' }}>
            {summary}
          </Typography>
        </Stack>
        {body}
      </Box>
    </Box>
  );
}

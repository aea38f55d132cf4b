import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchHit } from '@liftoff/contracts/ai';
import { RetryAlert } from '../../../components/retry-alert';
import { buildPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { chatErrors, useSearchChatHistoryInfiniteQuery } from '../api';
import { highlightText, sanitizeHighlight } from '../lib/highlight';

/** A conversation's address; with a message, the conversation opens at that message. */
export const conversationUrl = (conversationId: string, messageId?: string | null) =>
  `${buildPath.aiWorkspaceConversation(conversationId)}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`;

function SearchHitLink({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  return (
    <Box
      component={RouterLink}
      to={conversationUrl(hit.conversation.id, hit.messageId)}
      onClick={onOpen}
      aria-label={`${hit.conversation.title}${hit.conversation.isArchived ? ' (archived)' : ''}: ${highlightText(hit.snippet)}`}
      sx={{
        display: 'block',
        p: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        '& mark': { bgcolor: 'secondary.light', color: 'inherit', borderRadius: 0.5, px: 0.25 },
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
        {hit.conversation.title}
        {hit.conversation.isArchived ? ' · Archived' : ''}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: 'text.secondary',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
        // Sanitized: only <mark> survives (lib/highlight.ts).
        dangerouslySetInnerHTML={{ __html: sanitizeHighlight(hit.snippet) }}
      />
    </Box>
  );
}

/**
 * The history search's ranked hits, one page (spec section 9: 50) at a time: "Show more results" appends
 * the next page, so every match the count announces can be reached.
 */
export function HistorySearchResults({ query, onOpen }: { query: string; onOpen: () => void }) {
  const search = useSearchChatHistoryInfiniteQuery({ query }, { refetchOnMountOrArgChange: true });
  const headingId = useId();
  const list = useRef<HTMLUListElement | null>(null);
  // Where the page asked for by keyboard or click begins, so focus moves to its first result.
  const focusFrom = useRef<number | null>(null);
  const pages = search.currentData?.pages;
  const hits = pages?.flatMap((page) => page.items);
  const shown = hits?.length ?? 0;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll('a').item(from)?.focus();
  }, [shown]);

  const failure = search.isError ? errorMessage(search.error, chatErrors.search) : null;
  if (!pages || !hits) {
    if (failure) return <RetryAlert message={failure} onRetry={() => void search.refetch()} />;
    return (
      <Stack spacing={1} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }

  // The newest page's count: it is the freshest.
  const total = pages.at(-1)?.total ?? shown;
  const showMore = () => {
    focusFrom.current = shown;
    void search.fetchNextPage();
  };
  let more: React.ReactNode = null;
  if (failure && search.isFetchNextPageError) {
    more = <RetryAlert message={failure} onRetry={showMore} retryDisabled={search.isFetchingNextPage} />;
  } else if (search.hasNextPage) {
    more = (
      <Button size="small" onClick={showMore} disabled={search.isFetchingNextPage} sx={{ mt: 1 }}>
        {search.isFetchingNextPage ? 'Loading…' : 'Show more results'}
      </Button>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      {failure && !search.isFetchNextPageError ? (
        <RetryAlert message={failure} onRetry={() => void search.refetch()} sx={{ mb: 1 }} />
      ) : null}
      <Typography id={headingId} variant="subtitle2" role="status" sx={{ mb: 1, color: 'text.secondary' }}>
        {shown === 0
          ? `No messages match “${query}”.`
          : `${total} ${total === 1 ? 'match' : 'matches'} for “${query}”${shown < total ? ` · showing ${shown}` : ''}`}
      </Typography>
      {/* One column no wider than the list: a grid column grows to its widest unbreakable line otherwise, and
          a long title (kept on one line) would push the hits past the sidebar's edge instead of ending in "…". */}
      <Box
        component="ul"
        ref={list}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      >
        {hits.map((hit, index) => (
          <li key={`${hit.conversation.id}-${hit.messageId ?? 'title'}-${index}`}>
            <SearchHitLink hit={hit} onOpen={onOpen} />
          </li>
        ))}
      </Box>
      {more}
    </Box>
  );
}

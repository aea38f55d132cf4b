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
import { highlightText, sanitizeHighlight } from './highlight';

/** A conversation's address; with a message, the conversation opens at that message. */
export const conversationUrl = (conversationId: string, messageId?: string | null) =>
  `${buildPath.aiWorkspaceConversation(conversationId)}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`;

/** One match in its conversation's group: the matching passage, named with its conversation for screen readers. */
function SearchHitLink({ hit, rank, onOpen }: { hit: SearchHit; rank: number; onOpen: () => void }) {
  return (
    <Box
      component={RouterLink}
      to={conversationUrl(hit.conversation.id, hit.messageId)}
      onClick={onOpen}
      data-rank={rank}
      aria-label={`${hit.conversation.title}${hit.conversation.isArchived ? ' (archived)' : ''}: ${highlightText(hit.snippet)}`}
      sx={{
        display: 'block',
        px: 1.25,
        py: 1,
        borderRadius: 2,
        color: 'text.secondary',
        textDecoration: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        '& mark': { bgcolor: 'secondary.light', color: 'inherit', borderRadius: 0.5, px: 0.25 },
      }}
    >
      <Typography
        variant="body2"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
        // Sanitized: only <mark> survives (highlight.ts).
        dangerouslySetInnerHTML={{ __html: sanitizeHighlight(hit.snippet) }}
      />
    </Box>
  );
}

/** A conversation's hits, each with its place in the ranked list (to find the first of a page just added). */
type HitGroup = { conversation: SearchHit['conversation']; hits: Array<{ hit: SearchHit; rank: number }> };

/** Hits gathered under their conversation, the conversations in the order of their best hit. */
export function hitsByConversation(hits: SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  hits.forEach((hit, rank) => {
    const group = groups.get(hit.conversation.id);
    if (group) group.hits.push({ hit, rank });
    else groups.set(hit.conversation.id, { conversation: hit.conversation, hits: [{ hit, rank }] });
  });
  return [...groups.values()];
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
    // The page's first hit may have joined a conversation shown further up.
    list.current?.querySelector<HTMLElement>(`a[data-rank="${from}"]`)?.focus();
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
      {/* One group per conversation: its title, then its matches, a list named by the title. One column no
          wider than the list: a grid column grows to its widest unbreakable line otherwise, and a long title
          (kept on one line) would push the hits past the sidebar's edge instead of ending in "…". */}
      <Box
        component="ul"
        ref={list}
        aria-label="Matching conversations"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      >
        {hitsByConversation(hits).map(({ conversation, hits: matches }) => (
          <Box
            component="li"
            key={conversation.id}
            sx={{ minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 2, p: 0.5 }}
          >
            <Typography
              id={`${headingId}-${conversation.id}`}
              component="h3"
              variant="body2"
              noWrap
              sx={{ fontWeight: 700, px: 1.25, pt: 0.75 }}
            >
              {conversation.title}
              {conversation.isArchived ? ' · Archived' : ''}
            </Typography>
            <Box
              component="ul"
              aria-labelledby={`${headingId}-${conversation.id}`}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {matches.map(({ hit, rank }) => (
                <li key={`${hit.messageId ?? 'title'}-${rank}`}>
                  <SearchHitLink hit={hit} rank={rank} onOpen={onOpen} />
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      {more}
    </Box>
  );
}

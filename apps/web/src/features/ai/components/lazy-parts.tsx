import { Suspense, lazy, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazyDialog } from '../../../components/lazy-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import type { HistorySearchResults as HistorySearchResultsNow } from './history-search-results';

/*
 * The parts of the coach's workspace a new chat does not show, fetched when first needed rather than with the
 * workspace: the Markdown renderer and its sanitiser (replies), the thumbs-down dialog, and the history
 * search's results (their highlights go through the sanitiser too). Together about 28 KB gzip of the 359 KB
 * /ai-workspace used to fetch before the founder could type (bench/lighthouse.mjs: its LCP on a phone 3.6 →
 * 3.4 s).
 *
 * A part whose code cannot be fetched (the connection dropped) says so where it would be, and never takes the
 * workspace down: a reply stays plain text, the search results offer a reload (the browser keeps a failed
 * module failed), the dialog says it could not open.
 */

/** Where a part would be, when its code could not be fetched. */
function PartLoadFailed({ what }: { what: string }) {
  return (
    <RetryAlert
      message={`${what} could not be loaded: the connection dropped. Reload the page to try again.`}
      retryLabel="Reload"
      onRetry={() => window.location.reload()}
      sx={{ my: 1 }}
    />
  );
}

const loadChatMarkdown = () => import('./chat-markdown');

/**
 * Starts fetching the reply renderer (when a question is sent: it arrives while the coach thinks). Asking
 * twice fetches once; a failure shows where a reply is drawn.
 */
export const prefetchChatMarkdown = () => void loadChatMarkdown().catch(() => undefined);

/** A reply as plain text: the moment before the renderer arrives, or if it cannot (offline). */
function PlainReply({ source }: { source: string }) {
  return <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{source}</Box>;
}

const RenderedReply = lazy(() =>
  loadChatMarkdown().then(
    (module) => ({ default: module.ChatMarkdown }),
    () => ({ default: PlainReply }),
  ),
);

/** A coach's reply rendered from Markdown (components/chat-markdown.tsx), plain until the renderer is here. */
export function ChatReply({ source }: { source: string }) {
  return (
    <Suspense fallback={<PlainReply source={source} />}>
      <RenderedReply source={source} />
    </Suspense>
  );
}

/**
 * The thumbs-down dialog, fetched the first time it opens; on a slow connection it says it is opening, on a
 * dropped one that it could not (components/lazy-dialog.tsx).
 */
export const FeedbackDialog = lazyDialog(async () => (await import('./feedback-dialog')).FeedbackDialog);

const loadHistorySearch = () => import('./history-search-results');

/** Starts fetching the search results' code as the founder starts typing, so it is here when the search runs. */
export const prefetchHistorySearch = () => void loadHistorySearch().catch(() => undefined);

const LazyHistorySearchResults = lazy(() =>
  loadHistorySearch().then(
    (module) => ({ default: module.HistorySearchResults }),
    () => ({ default: () => <PartLoadFailed what="Search" /> }),
  ),
);

/** The history search's results, with the loading rows they show while their code arrives. */
export function HistorySearchResults(props: ComponentProps<typeof HistorySearchResultsNow>) {
  return (
    <Suspense
      fallback={
        <Stack spacing={1} aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      }
    >
      <LazyHistorySearchResults {...props} />
    </Suspense>
  );
}

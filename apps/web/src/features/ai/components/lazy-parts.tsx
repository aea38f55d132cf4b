import { Suspense, lazy, useState, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { RetryAlert } from '../../../components/retry-alert';
import type { FeedbackDialog as FeedbackDialogNow } from './feedback-dialog';
import type { HistorySearchResults as HistorySearchResultsNow } from './history-search-results';

/*
 * The parts of the coach's workspace a new chat does not show, fetched when first needed rather than with the
 * workspace: the Markdown renderer and its sanitiser (replies), the thumbs-down dialog, and the history
 * search's results (their highlights go through the sanitiser too). Together about 28 KB gzip of the 359 KB
 * /ai-workspace used to fetch before the founder could type (bench/lighthouse.mjs: its LCP on a phone 3.6 →
 * 3.4 s).
 *
 * A part whose code cannot be fetched (the connection dropped) says so where it would be, and never takes the
 * workspace down: the browser keeps a failed module failed, so the way out it offers is a reload.
 */

/**
 * Where a part would be, when its code could not be fetched: with a Reload button, or for a part the founder
 * opened (a dialog) a close button that puts the workspace back as it was.
 */
function PartLoadFailed({ what, onClose }: { what: string; onClose?: () => void }) {
  return (
    <RetryAlert
      message={`${what} could not be loaded: the connection dropped. Reload the page to try again.`}
      retryLabel="Reload"
      onRetry={onClose ? undefined : () => window.location.reload()}
      onClose={onClose}
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

const LazyFeedbackDialog = lazy(() =>
  import('./feedback-dialog').then(
    (module) => ({ default: module.FeedbackDialog }),
    () => ({
      default: ({ open, onClose }: ComponentProps<typeof FeedbackDialogNow>) =>
        open ? <PartLoadFailed what="The feedback form" onClose={onClose} /> : null,
    }),
  ),
);

/**
 * The thumbs-down dialog, fetched the first time it opens and kept from then on, so it closes with its
 * transition like any dialog.
 */
export function FeedbackDialog(props: ComponentProps<typeof FeedbackDialogNow>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyFeedbackDialog {...props} />
    </Suspense>
  );
}

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

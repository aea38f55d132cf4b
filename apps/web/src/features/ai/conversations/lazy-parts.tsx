import { Suspense, lazy, type ComponentProps } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazyDialog } from '../../../components/lazy-dialog';
import { lazyPart, useLazyPart } from '../../../components/lazy-part';
import { visuallyHidden } from '../../../components/product-mark';
import { RetryAlert } from '../../../components/retry-alert';
import { useOnline } from '../../../lib/online';
import type { HistorySearchResults as HistorySearchResultsNow } from '../history/history-search-results';
import type { SessionRenameField as SessionRenameFieldNow } from '../history/session-rename-field';

/*
 * The parts of the coach's workspace a new chat does not show, fetched when first needed rather than with the
 * workspace: the Markdown renderer and its sanitiser (replies), the thumbs-down dialog, the history
 * search's results (their highlights go through the sanitiser too), and the field that renames a conversation.
 * The first three were about 28 KB gzip of the 359 KB /ai-workspace used to fetch before the founder could
 * type (bench/lighthouse.mjs: its LCP on a phone 3.6 → 3.4 s). The rename field is MUI's TextField, which
 * brings MUI's form control, inputs and select: with the sidebar's search now plain elements
 * (components/search-field.tsx), fetching it here keeps that chunk (about 9 KB brotli) off the first load
 * (decision 059).
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

/** A coach's reply rendered from Markdown (chat-markdown.tsx), plain until the renderer is here. */
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

const loadHistorySearch = () => import('../history/history-search-results');

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

const renameField = lazyPart(
  async () => (await import('../history/session-rename-field')).SessionRenameField,
);

/** Starts fetching the rename field when a conversation's menu opens, so it is here when Rename is chosen. */
export const prefetchRenameField = renameField.prefetch;

/**
 * The field that renames a conversation in place (./session-rename-field.tsx), fetched the first time one is
 * renamed. While its code is on its way the row holds a placeholder of its size. If the connection dropped it
 * says so and tries again when the connection returns or on request; Close (or Escape) keeps the old name.
 */
export function SessionRenameField(props: ComponentProps<typeof SessionRenameFieldNow>) {
  const fetched = useLazyPart(renameField);
  const online = useOnline();

  if (fetched.state === 'here') {
    const Field = fetched.part;
    return <Field {...props} />;
  }
  if (fetched.state === 'failed') {
    return (
      <Alert
        severity="error"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // As the field's own Escape, marked as used: it gives up renaming, not the drawer the row may be in.
          event.preventDefault();
          props.onDone();
        }}
      >
        {online
          ? 'Renaming could not open: the connection dropped. The name stays as it is.'
          : 'You are offline. Renaming opens once you are back; the name stays as it is.'}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {/* Focus was on the menu, which is gone: it goes to what the founder most likely wants next. */}
          <Button color="inherit" size="small" variant="outlined" autoFocus onClick={fetched.retry}>
            Try again
          </Button>
          <Button color="inherit" size="small" onClick={props.onDone}>
            Close
          </Button>
        </Box>
      </Alert>
    );
  }
  return (
    <Box role="status">
      <span style={visuallyHidden}>Opening the name field…</span>
      <Skeleton variant="rounded" height={40} aria-hidden="true" />
    </Box>
  );
}

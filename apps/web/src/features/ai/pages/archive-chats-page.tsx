import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import type { ChatSession } from '@liftoff/contracts/ai';
import { SearchField } from '../../../components/search-field';
import { RetryAlert } from '../../../components/retry-alert';
import { buildPath, paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import {
  ARCHIVED_PAGE_SIZE,
  chatErrors,
  useArchivedChatSessionsQuery,
  useDeleteChatSessionMutation,
  useUnarchiveChatSessionMutation,
} from '../api';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { lastActive } from '../history/last-active';

/** `/ai-workspace/archive?page&search`: archived conversations, 20 to a page, to restore or delete. */
export function ArchiveChatsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  // Back and forward change the search without typing: the field follows the address, or it would put
  // its old words back a moment later.
  const [draftFor, setDraftFor] = useState(search);
  if (draftFor !== search) {
    setDraftFor(search);
    if (draft.trim() !== search) setDraft(search);
  }
  const archived = useArchivedChatSessionsQuery(
    { pageNo, pageSize: ARCHIVED_PAGE_SIZE, search: search || undefined },
    { refetchOnMountOrArgChange: true },
  );
  const [restore, restoreState] = useUnarchiveChatSessionMutation();
  const [remove, removeState] = useDeleteChatSessionMutation();
  const [confirm, setConfirm] = useState<ChatSession | null>(null);

  const showAll = () => (setDraft(''), setParams({}));

  // Typing searches after a short pause, from page 1.
  useEffect(() => {
    const next = draft.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => setParams(next ? { search: next } : {}, { replace: true }), 300);
    return () => window.clearTimeout(timer);
  }, [draft, search, setParams]);

  const data = archived.currentData;
  // A page emptied by restores or deletes steps back to the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && pageNo > data.lastPage) {
      setParams(
        { ...(search ? { search } : {}), ...(data.lastPage > 1 ? { page: String(data.lastPage) } : {}) },
        { replace: true },
      );
    }
  }, [data, pageNo, search, setParams]);

  // Also when a list is shown: a refresh after a restore or delete that fails leaves it out of date.
  const failure = archived.isError ? (
    <RetryAlert
      message={errorMessage(archived.error, chatErrors.archived)}
      onRetry={() => void archived.refetch()}
      retryDisabled={archived.isFetching}
      sx={{ mb: 2 }}
    />
  ) : null;
  let body: React.ReactNode;
  if (archived.isError && !data) {
    body = null;
  } else if (!data) {
    body = (
      <Stack spacing={1.5} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} sx={{ borderRadius: 3 }} />
        ))}
      </Stack>
    );
  } else if (data.items.length === 0) {
    body = (
      <Card variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
        <Box
          aria-hidden="true"
          sx={{ fontSize: 48, color: 'primary.main', display: 'flex', justifyContent: 'center' }}
        >
          <ArchiveIcon fontSize="inherit" />
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
          {search ? `No archived conversations match “${search}”` : 'No archived conversations'}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {search
            ? 'Try other words, or clear the search.'
            : 'Conversations you archive in the AI workspace are kept here, ready to restore.'}
        </Typography>
        <Box sx={{ mt: 2.5 }}>
          {search ? (
            <Button variant="contained" onClick={showAll}>
              Show all archived conversations
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={paths.aiWorkspace}>
              Back to the AI coach
            </Button>
          )}
        </Box>
      </Card>
    );
  } else {
    body = (
      <>
        <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {data.total} archived {data.total === 1 ? 'conversation' : 'conversations'}
          {search ? ` matching “${search}”` : ''}
        </Typography>
        <Box
          component="ul"
          aria-label="Archived conversations"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
          aria-busy={archived.isFetching}
        >
          {data.items.map((session) => (
            <li key={session.conversationId}>
              <Card variant="outlined" sx={{ borderRadius: 3, p: 2 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography
                      component={RouterLink}
                      to={buildPath.aiWorkspaceConversation(session.conversationId)}
                      sx={{
                        fontWeight: 700,
                        color: 'text.primary',
                        display: 'block',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {session.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      Last active {lastActive(session.lastActivityAt)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button
                      variant="outlined"
                      startIcon={<RestoreIcon />}
                      disabled={restoreState.isLoading}
                      aria-label={`Restore ${session.title}`}
                      onClick={() => void restore(session.conversationId)}
                    >
                      Restore
                    </Button>
                    <Button
                      color="error"
                      startIcon={<DeleteIcon />}
                      aria-label={`Delete ${session.title}`}
                      onClick={() => setConfirm(session)}
                    >
                      Delete
                    </Button>
                  </Stack>
                </Stack>
              </Card>
            </li>
          ))}
        </Box>
        {data.lastPage > 1 ? (
          <Pagination
            aria-label="Pages"
            count={data.lastPage}
            page={Math.min(pageNo, data.lastPage)}
            color="primary"
            shape="rounded"
            onChange={(_event, page) =>
              setParams({ ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) })
            }
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            getItemAriaLabel={(type, page, selected) => {
              if (type === 'previous') return 'Previous page';
              if (type === 'next') return 'Next page';
              if (type === 'first') return 'First page';
              if (type === 'last') return 'Last page';
              return selected ? `Page ${page}, current page` : `Page ${page}`;
            }}
          />
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => void navigate(paths.aiWorkspace)}
        sx={{ mb: 1, ml: -1 }}
      >
        AI coach
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' } }}>
        Archived conversations
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        Restore a conversation to put it back at the top of your list, or delete it for good.
      </Typography>
      <Box sx={{ mb: 3 }}>
        <SearchField
          label="Search archived conversations"
          value={draft}
          onValueChange={setDraft}
          onClear={showAll}
          searchIcon
        />
      </Box>
      {failure}
      {body}
      <ConfirmDialog
        open={Boolean(confirm)}
        title="Delete this conversation?"
        confirmLabel="Delete"
        busy={removeState.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          void remove(confirm.conversationId).then(() => setConfirm(null));
        }}
      >
        “{confirm?.title}” and all its messages will be deleted for good.
      </ConfirmDialog>
    </Box>
  );
}

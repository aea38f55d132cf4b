import { useEffect, useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { SearchField } from '../../../components/search-field';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import {
  chatErrors,
  SESSIONS_PAGE_SIZE,
  useArchiveChatSessionMutation,
  useBulkChatSessionsMutation,
  useChatSessionsQuery,
  useDeleteChatSessionMutation,
  useLazyChatSessionsQuery,
} from '../api';
import { nextSessionsPage, selectAiChat } from '../slice';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { HistorySearchResults, prefetchHistorySearch } from '../conversations/lazy-parts';
import { SessionRow } from './session-row';
import { groupByDate, useCalendarDay } from './date-groups';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The workspace's sidebar: new chat, search over every message, and the active conversations. */
export function ChatSidebar({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  const chat = useSelector(selectAiChat);
  const firstPage = useChatSessionsQuery({ pageNo: 1 }, { refetchOnMountOrArgChange: true });
  // Older pages are asked for on demand; the page is worked out from the list as it is now (slice.ts).
  const [fetchOlder, olderPage] = useLazyChatSessionsQuery();
  const olderPageNo = nextSessionsPage(chat, SESSIONS_PAGE_SIZE);
  const showOlder = async () => {
    if (olderPageNo === null) return;
    const result = await fetchOlder({ pageNo: olderPageNo });
    // After archiving or deleting, the page holding the next conversation is partly shown already: the one
    // after it comes too, so a click still shows a page more.
    const partlyShown = chat.sessions.length % SESSIONS_PAGE_SIZE !== 0;
    if (partlyShown && result.isSuccess && olderPageNo < result.data.lastPage) {
      await fetchOlder({ pageNo: olderPageNo + 1 });
    }
  };
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim(), 300);
  // The results' code comes while the search waits for the founder to pause.
  const searching = query.trim().length > 0;
  useEffect(() => {
    if (searching) prefetchHistorySearch();
  }, [searching]);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<{ ids: string[]; title: string } | null>(null);
  const [archive] = useArchiveChatSessionMutation();
  const [remove, removeState] = useDeleteChatSessionMutation();
  const [bulk, bulkState] = useBulkChatSessionsMutation();
  const listId = useId();

  const leaveIfOpen = (ids: string[]) => {
    if (chat.conversationId && ids.includes(chat.conversationId)) void navigate(paths.aiWorkspace);
  };

  const onArchive = async (ids: string[]) => {
    const result = ids.length === 1 ? await archive(ids[0]!) : await bulk({ action: 'archive', ids });
    if (!('error' in result)) {
      leaveIfOpen(ids);
      setSelected([]);
      setSelecting(false);
    }
  };
  const onConfirmDelete = async () => {
    if (!confirm) return;
    const { ids } = confirm;
    const result = ids.length === 1 ? await remove(ids[0]!) : await bulk({ action: 'delete', ids });
    setConfirm(null);
    if (!('error' in result)) {
      leaveIfOpen(ids);
      setSelected([]);
      setSelecting(false);
    }
  };

  const sessions = chat.sessions;
  const today = useCalendarDay();
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));
  // A failed first page says so above whatever list is already shown.
  const firstPageFailure = firstPage.isError ? (
    <RetryAlert
      message={errorMessage(firstPage.error, chatErrors.sessions)}
      onRetry={() => void firstPage.refetch()}
      retryDisabled={firstPage.isFetching}
      sx={{ mb: 1 }}
    />
  ) : null;
  let older: React.ReactNode = null;
  if (olderPage.isError) {
    older = (
      <RetryAlert
        message={errorMessage(olderPage.error, chatErrors.sessions)}
        onRetry={() => void showOlder()}
        sx={{ mt: 1 }}
      />
    );
  } else if (olderPageNo !== null) {
    older = (
      <Button size="small" onClick={() => void showOlder()} disabled={olderPage.isFetching} sx={{ mt: 1 }}>
        {olderPage.isFetching ? 'Loading…' : 'Show older conversations'}
      </Button>
    );
  }
  let list: React.ReactNode;
  if (firstPage.isError && !chat.sessionsLoaded) {
    list = null;
  } else if (!chat.sessionsLoaded) {
    list = (
      <Stack spacing={1} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  } else if (sessions.length === 0) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 1 }}>
        No conversations yet — ask your first question to start one.
      </Typography>
    );
  } else {
    list = (
      <>
        {/* Grouped by date, each group a list named by its heading: a screen reader hears "Today, list, 3 items". */}
        <Box component="ul" id={listId} aria-label="Conversations" sx={{ p: 0, m: 0 }}>
          {groupByDate(sessions, (session) => session.lastActivityAt, today).map((group, index) => (
            <Box component="li" key={group.label} sx={{ listStyle: 'none', '& + &': { mt: 1.5 } }}>
              <Typography
                id={`${listId}-group-${index}`}
                component="h3"
                variant="caption"
                sx={{ display: 'block', px: 1.5, py: 0.5, color: 'text.secondary', fontWeight: 600 }}
              >
                {group.label}
              </Typography>
              <Box component="ul" aria-labelledby={`${listId}-group-${index}`} sx={{ p: 0, m: 0 }}>
                {group.items.map((session) => (
                  <SessionRow
                    key={session.conversationId}
                    session={session}
                    active={session.conversationId === chat.conversationId}
                    selecting={selecting}
                    selected={selected.includes(session.conversationId)}
                    onToggle={() => toggle(session.conversationId)}
                    onOpen={onNavigate}
                    onArchive={() => void onArchive([session.conversationId])}
                    onDelete={() => setConfirm({ ids: [session.conversationId], title: session.title })}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        {older}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => {
          onNavigate();
          void navigate(paths.aiWorkspace);
        }}
      >
        New chat
      </Button>
      <SearchField
        size="small"
        label="Search conversations"
        value={query}
        onValueChange={setQuery}
        searchIcon
      />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', mx: -1, px: 1 }}>
        {debounced.length >= 2 ? (
          <HistorySearchResults key={debounced} query={debounced} onOpen={onNavigate} />
        ) : (
          <Box component="nav" aria-label="Conversations">
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
                Conversations
              </Typography>
              {sessions.length ? (
                <Button
                  size="small"
                  onClick={() => {
                    setSelecting((value) => !value);
                    setSelected([]);
                  }}
                  aria-pressed={selecting}
                >
                  {selecting ? 'Done' : 'Select'}
                </Button>
              ) : null}
            </Stack>
            {selecting ? (
              <Stack
                direction="row"
                spacing={1}
                role="toolbar"
                aria-label="Selected conversations"
                sx={{ mb: 1, flexWrap: 'wrap' }}
              >
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ArchiveIcon />}
                  disabled={!selected.length || bulkState.isLoading}
                  onClick={() => void onArchive(selected)}
                >
                  Archive ({selected.length})
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  disabled={!selected.length || bulkState.isLoading}
                  onClick={() => setConfirm({ ids: selected, title: `${selected.length} conversations` })}
                >
                  Delete ({selected.length})
                </Button>
              </Stack>
            ) : null}
            {firstPageFailure}
            {list}
          </Box>
        )}
      </Box>
      <Button
        component={RouterLink}
        to={paths.archiveChats}
        startIcon={<ArchiveIcon />}
        onClick={onNavigate}
        sx={{ justifyContent: 'flex-start' }}
      >
        Archived conversations
      </Button>
      <ConfirmDialog
        open={Boolean(confirm)}
        title={
          confirm && confirm.ids.length > 1
            ? `Delete ${confirm.ids.length} conversations?`
            : 'Delete this conversation?'
        }
        confirmLabel="Delete"
        busy={removeState.isLoading || bulkState.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void onConfirmDelete()}
      >
        {confirm && confirm.ids.length > 1
          ? 'These conversations and all their messages will be deleted for good.'
          : `“${confirm?.title ?? ''}” and all its messages will be deleted for good.`}
      </ConfirmDialog>
    </Stack>
  );
}

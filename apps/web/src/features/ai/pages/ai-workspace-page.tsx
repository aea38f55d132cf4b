import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { buildPath } from '../../../config/paths';
import { openConversation } from '../chat-actions';
import type { AiDispatch } from '../chat-actions';
import { ChatPanel } from '../components/chat-panel';
import { ChatSidebar } from '../components/chat-sidebar';
import { selectAiChat } from '../slice';

type Dispatch = AiDispatch;

/**
 * Fills the space the app layout leaves (app bar, paddings, and the bottom navigation on phones) under the
 * heading. On a phone the heading is one line shorter, so the conversation keeps most of the screen.
 */
export const workspaceHeight = {
  xs: 'calc(100dvh - 246px)',
  sm: 'calc(100dvh - 296px)',
  tablet: 'calc(100dvh - 240px)',
} as const;

/** `/ai-workspace` (a new chat) and `/ai-workspace/{conversationId}`: the sidebar and the conversation. */
export function AiWorkspacePage() {
  const { conversationId } = useParams();
  const dispatch = useDispatch<Dispatch>();
  const navigate = useNavigate();
  const chat = useSelector(selectAiChat);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    void dispatch(openConversation(conversationId ?? null));
  }, [conversationId, dispatch]);

  // A new chat gets its address once the server named the conversation.
  const previous = useRef(chat.conversationId);
  useEffect(() => {
    const before = previous.current;
    previous.current = chat.conversationId;
    if (before === null && chat.conversationId && !conversationId) {
      void navigate(buildPath.aiWorkspaceConversation(chat.conversationId), { replace: true });
    }
  }, [chat.conversationId, conversationId, navigate]);

  const title =
    chat.conversation?.title ??
    chat.sessions.find((s) => s.conversationId === chat.conversationId)?.title ??
    (chat.conversationId ? 'Conversation' : 'New chat');

  const sidebar = <ChatSidebar onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.25rem', sm: '1.875rem' } }}>
            AI coach
          </Typography>
          <Typography
            component="p"
            sx={{ color: 'text.secondary', fontSize: { xs: '0.875rem', sm: '1rem' } }}
            noWrap
            aria-live="off"
          >
            {title}
          </Typography>
        </Box>
        {!wide ? (
          <Button
            variant="outlined"
            startIcon={<ForumIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
          >
            Conversations
          </Button>
        ) : null}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '280px 1fr', lg: '320px 1fr' },
          gap: 3,
          height: workspaceHeight,
          minHeight: 440,
        }}
      >
        {wide ? (
          <Paper
            component="aside"
            aria-label="Conversations and search"
            variant="outlined"
            sx={{ p: 2, borderRadius: 3, minHeight: 0, overflow: 'hidden' }}
          >
            {sidebar}
          </Paper>
        ) : null}
        <Box component="section" aria-label="Chat" sx={{ minHeight: 0, minWidth: 0 }}>
          <ChatPanel />
        </Box>
      </Box>
      {!wide ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{
            paper: { sx: { width: 'min(88vw, 360px)', p: 2 }, 'aria-label': 'Conversations and search' },
          }}
        >
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <IconButton aria-label="Close conversations" onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box sx={{ flex: 1, minHeight: 0 }}>{sidebar}</Box>
        </Drawer>
      ) : null}
    </Box>
  );
}

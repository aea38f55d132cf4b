import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { MessagesSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { buildPath } from '../../../config/paths';
import { openConversation } from '../chat-actions';
import type { AiDispatch } from '../chat-actions';
import { ChatPanel } from '../conversations/chat-panel';
import { ChatSidebar } from '../history/chat-sidebar';
import { selectAiChat } from '../slice';
import '../../../components/plain.css';
import './ai-workspace-page.css';

type Dispatch = AiDispatch;

/**
 * `/ai-workspace` (a new chat) and `/ai-workspace/{conversationId}`: the sidebar and the conversation. The
 * page's frame is plain elements (decision 052), and so is its button (decision 057); the drawer stays MUI's.
 */
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
    <div className="ai-workspace">
      <div className="ai-workspace__head">
        <div className="ai-workspace__titles">
          <h1 className="plain-h1 ai-workspace__title">AI coach</h1>
          <p className="plain-body1 plain-secondary ai-workspace__conversation" aria-live="off">
            {title}
          </p>
        </div>
        {!wide ? (
          <Button
            variant="outline"
            icon={<MessagesSquare />}
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
          >
            Conversations
          </Button>
        ) : null}
      </div>
      <div className="ai-workspace__grid">
        {wide ? (
          <aside className="ai-workspace__sidebar" aria-label="Conversations and search">
            {sidebar}
          </aside>
        ) : null}
        <section className="ai-workspace__chat" aria-label="Chat">
          <ChatPanel />
        </section>
      </div>
      {!wide ? (
        <Drawer
          open={drawerOpen}
          onClose={(event: { defaultPrevented?: boolean }, reason) => {
            // An Escape a control inside has used (a rename given up, a search cleared) is not the drawer's.
            if (reason === 'escapeKeyDown' && event.defaultPrevented) return;
            setDrawerOpen(false);
          }}
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
    </div>
  );
}

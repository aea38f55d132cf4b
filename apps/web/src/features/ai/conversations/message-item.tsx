import { memo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import StopIcon from '@mui/icons-material/Stop';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOffIcon from '@mui/icons-material/ThumbDownOffAlt';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOffIcon from '@mui/icons-material/ThumbUpOffAlt';
import VolumeUpIcon from '@mui/icons-material/VolumeUpOutlined';
import { RetryAlert } from '../../../components/retry-alert';
import type { ChatMessage } from '../slice';
import { copyText } from '../../../lib/clipboard';
import { replyText } from './reply-text';
import { ChatReply } from './lazy-parts';

export type MessageActions = {
  busy: boolean;
  canSpeak: boolean;
  playingId: string | null;
  loadingId: string | null;
  speechError: { id: string; message: string } | null;
  onPlay: (id: string, content: string) => void;
  onStopPlaying: () => void;
  onRetry: (responseId: string) => void;
  onFollowUp: (question: string) => void;
  onLike: (messageId: string) => void;
  onDislike: (messageId: string) => void;
  onSelectVersion: (id: string, index: number) => void;
};

function StatusNote({ message }: { message: ChatMessage }) {
  if (message.status === 'STOPPED') {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic', mt: 1 }}>
        Stopped — this answer may be incomplete.
      </Typography>
    );
  }
  // The text that arrived before a failure stays readable, but must not pass for a whole answer.
  if (message.status === 'ERROR' && message.content) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic', mt: 1 }}>
        Cut off — this answer is incomplete.
      </Typography>
    );
  }
  return null;
}

/** The model failed and the offline coach answered instead: said above the answer, with why. */
function FallbackNote({ reason }: { reason: string }) {
  return (
    <Typography
      variant="body2"
      role="note"
      sx={{ color: 'text.secondary', mb: 1, pb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <strong>Answered by the offline coach</strong> — the AI model could not answer: {reason}
    </Typography>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  actions,
  highlighted,
  last,
}: {
  message: ChatMessage;
  actions: MessageActions;
  highlighted: boolean;
  last: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const isUser = message.role === 'user';
  const versions = message.versions.length;
  // A failed answer is retried from its error instead.
  const canRetry = Boolean(message.messageId && !message.error);
  const answerId = message.responseId ?? message.id;
  // Streamed live here, or still being written by the server (history says STREAMING): not finished yet.
  const streaming = !isUser && (message.isTemp || message.status === 'STREAMING');
  const playing = actions.playingId === message.id;
  const loadingAudio = actions.loadingId === message.id;
  // The reply usually names its sources itself; list only those it does not link.
  const extraSources = message.sources.filter((source) => !message.content.includes(`](${source.url})`));

  return (
    <Box
      component="li"
      id={`message-${message.id}`}
      data-message-id={message.id}
      tabIndex={highlighted ? -1 : undefined}
      sx={{
        listStyle: 'none',
        display: 'flex',
        justifyContent: isUser ? 'flex-end' : 'flex-start',
        scrollMarginTop: 16,
      }}
    >
      <Box
        component="article"
        aria-label={isUser ? 'You asked' : streaming ? 'The coach is answering' : 'The coach answered'}
        sx={{
          maxWidth: { xs: '100%', sm: isUser ? '85%' : '100%' },
          minWidth: 0,
          px: 2,
          py: 1.5,
          borderRadius: 3,
          bgcolor: isUser ? 'primary.main' : 'background.paper',
          color: isUser ? 'primary.contrastText' : 'text.primary',
          border: isUser ? 0 : 1,
          borderColor: 'divider',
          outline: highlighted ? '3px solid' : 'none',
          outlineColor: 'secondary.main',
          outlineOffset: 2,
          transition: 'outline-color 0.3s',
        }}
      >
        {isUser ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography>
        ) : (
          <>
            {message.fallback ? <FallbackNote reason={message.fallback} /> : null}
            {message.content ? (
              <ChatReply source={message.content} />
            ) : streaming ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <CircularProgress size={16} aria-hidden="true" />
                <Typography variant="body2">Thinking…</Typography>
              </Stack>
            ) : null}
            <StatusNote message={message} />
            {message.error ? (
              <RetryAlert
                message={message.error}
                sx={{ mt: 1 }}
                onRetry={!streaming && message.messageId ? () => actions.onRetry(answerId) : undefined}
                retryDisabled={actions.busy}
              />
            ) : null}
            {!streaming && extraSources.length ? (
              <Box sx={{ mt: 1.5 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  Sources
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {extraSources.map((source) => (
                    <li key={`${source.kind}-${source.url}`}>
                      <Link component={RouterLink} to={source.url} variant="body2">
                        {source.title}
                      </Link>
                    </li>
                  ))}
                </Box>
              </Box>
            ) : null}
            {/* An answer that failed before any text has nothing to copy, hear or rate: its Retry is in the error.
                One stopped before any text keeps the toolbar for its Retry. */}
            {!streaming && (versions > 1 || message.content || canRetry) ? (
              <Stack
                direction="row"
                role="toolbar"
                aria-label="Answer actions"
                sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 0.25, ml: -1 }}
              >
                {versions > 1 ? (
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center' }}
                    role="group"
                    aria-label="Answer versions"
                  >
                    <IconButton
                      size="small"
                      aria-label="Previous version"
                      disabled={message.versionIndex === 0 || actions.busy}
                      onClick={() => actions.onSelectVersion(message.id, message.versionIndex - 1)}
                    >
                      <ChevronLeftIcon fontSize="small" />
                    </IconButton>
                    <Typography variant="body2" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center' }}>
                      {message.versionIndex + 1}/{versions}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label="Next version"
                      disabled={message.versionIndex >= versions - 1 || actions.busy}
                      onClick={() => actions.onSelectVersion(message.id, message.versionIndex + 1)}
                    >
                      <ChevronRightIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                ) : null}
                {message.content ? (
                  <Tooltip title={copied ? 'Copied' : 'Copy answer'}>
                    <IconButton
                      size="small"
                      aria-label={copied ? 'Answer copied' : 'Copy answer'}
                      onClick={() =>
                        void replyText(message.content)
                          .then((text) => copyText(text))
                          .then(setCopied)
                      }
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {actions.canSpeak && message.content ? (
                  <Tooltip title={playing ? 'Stop reading' : 'Read aloud'}>
                    <IconButton
                      size="small"
                      aria-label={playing || loadingAudio ? 'Stop reading aloud' : 'Read aloud'}
                      aria-pressed={playing}
                      onClick={() =>
                        playing || loadingAudio
                          ? actions.onStopPlaying()
                          : actions.onPlay(message.id, message.content)
                      }
                    >
                      {loadingAudio ? (
                        <CircularProgress size={18} aria-hidden="true" />
                      ) : playing ? (
                        <StopIcon fontSize="small" />
                      ) : (
                        <VolumeUpIcon fontSize="small" />
                      )}
                    </IconButton>
                  </Tooltip>
                ) : null}
                {message.responseId && message.content ? (
                  <>
                    <Tooltip title="Helpful">
                      <IconButton
                        size="small"
                        aria-label="Helpful"
                        aria-pressed={message.feedback?.feedbackType === 'LIKE'}
                        onClick={() => actions.onLike(answerId)}
                      >
                        {message.feedback?.feedbackType === 'LIKE' ? (
                          <ThumbUpIcon fontSize="small" />
                        ) : (
                          <ThumbUpOffIcon fontSize="small" />
                        )}
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Not helpful">
                      <IconButton
                        size="small"
                        aria-label="Not helpful"
                        aria-pressed={message.feedback?.feedbackType === 'DISLIKE'}
                        onClick={() => actions.onDislike(answerId)}
                      >
                        {message.feedback?.feedbackType === 'DISLIKE' ? (
                          <ThumbDownIcon fontSize="small" />
                        ) : (
                          <ThumbDownOffIcon fontSize="small" />
                        )}
                      </IconButton>
                    </Tooltip>
                  </>
                ) : null}
                {canRetry ? (
                  <Tooltip title="Ask again for another answer">
                    <span>
                      <IconButton
                        size="small"
                        aria-label="Retry: another answer"
                        disabled={actions.busy}
                        onClick={() => actions.onRetry(answerId)}
                      >
                        <RefreshIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                ) : null}
              </Stack>
            ) : null}
            {actions.speechError?.id === message.id ? (
              <RetryAlert
                message={actions.speechError.message}
                sx={{ mt: 1 }}
                onRetry={() => actions.onPlay(message.id, message.content)}
                retryLabel="Try again"
              />
            ) : null}
            {last && !streaming && message.followUpQuestions.length ? (
              <Box sx={{ mt: 1.5 }}>
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', mb: 0.75 }}
                  id={`followups-${message.id}`}
                >
                  Ask next
                </Typography>
                <Stack
                  direction="row"
                  component="ul"
                  aria-labelledby={`followups-${message.id}`}
                  sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
                >
                  {message.followUpQuestions.map((question) => (
                    <li key={question}>
                      <Chip
                        label={question}
                        variant="outlined"
                        color="primary"
                        onClick={() => actions.onFollowUp(question)}
                        disabled={actions.busy}
                        sx={{
                          height: 'auto',
                          minHeight: 32,
                          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                        }}
                      />
                    </li>
                  ))}
                </Stack>
              </Box>
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
});

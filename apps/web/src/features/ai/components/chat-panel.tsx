import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../../components/page-states';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { useAddFeedbackMutation, useAiCapabilitiesQuery } from '../api';
import {
  loadHistory,
  loadOlder,
  refreshUnfinished,
  retryAnswer,
  sendMessage,
  stopStreaming,
  UNFINISHED_REFRESH_MS,
} from '../chat-actions';
import type { AiDispatch } from '../chat-actions';
import { useReadAloud } from '../lib/use-read-aloud';
import {
  errorDismissed,
  feedbackSuccessReset,
  hasUnfinishedAnswer,
  selectAiChat,
  versionSelected,
} from '../slice';
import { Composer } from './composer';
import type { ComposerHandle } from './composer';
import { onReconnect } from '../../../lib/online';
import { FeedbackDialog } from './feedback-dialog';
import { OfflineBanner } from './offline-banner';
import { MessageItem } from './message-item';
import type { MessageActions } from './message-item';

type Dispatch = AiDispatch;

export const STARTER_QUESTIONS = [
  'How do I run customer interviews?',
  'What should I focus on in my current milestone?',
  'How do I find my first ten customers?',
  'How do I write an ideal customer profile?',
];

/** Offered after the step's own question when the coach is opened from a step. */
const STEP_QUESTIONS = ["I'm stuck on this step", 'What should I do now?'];

/**
 * While the server writes an answer this tab does not listen to (after a reload, or after opening another
 * conversation mid-answer), reads the conversation's newest page again every moment, so the text grows and the
 * final answer replaces it. Ends when nothing is unfinished, when another conversation opens, or on unmount.
 */
function useUnfinishedRefresh(dispatch: Dispatch, conversationId: string | null, unfinished: boolean) {
  useEffect(() => {
    if (!conversationId || !unfinished) return;
    let active = true;
    let timer = 0;
    const next = () => {
      timer = window.setTimeout(() => {
        void dispatch(refreshUnfinished(conversationId)).then(() => {
          if (active) next();
        });
      }, UNFINISHED_REFRESH_MS);
    };
    next();
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [conversationId, dispatch, unfinished]);
}

/** The conversation: messages, the streaming reply, errors with a retry, and the question box. */
export function ChatPanel() {
  const dispatch = useDispatch<Dispatch>();
  const chat = useSelector(selectAiChat);
  const capabilities = useAiCapabilitiesQuery();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const caps = capabilities.data;
  const readAloud = useReadAloud();
  const [addFeedback] = useAddFeedbackMutation();
  const [dislikeId, setDislikeId] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const target = searchParams.get('message');
  // Opened from a step ("Ask the coach about this step"): questions carry the step, so the coach reads the
  // founder's worksheet answers; `ask` is the question offered to start with.
  const aboutStep = searchParams.get('step');
  const aboutTitle = searchParams.get('stepTitle');
  const offered = searchParams.get('ask');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [targetMissing, setTargetMissing] = useState(false);
  const reachedTarget = useRef<string | null>(null);
  const composer = useRef<ComposerHandle | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const stickToBottom = useRef(true);
  const prependFrom = useRef<{ height: number; top: number } | null>(null);
  const unfinished = hasUnfinishedAnswer(chat);
  // An answer is being written, live here or by the server: the same affordances either way.
  const answering = chat.streaming || unfinished;
  useUnfinishedRefresh(dispatch, chat.conversationId, unfinished);

  const send = useCallback(
    (text: string) => {
      if (answering) return false;
      stickToBottom.current = true;
      void dispatch(sendMessage(text, aboutStep));
      return true;
    },
    [answering, dispatch, aboutStep],
  );

  const actions = useMemo<MessageActions>(
    () => ({
      busy: answering,
      canSpeak: Boolean(caps?.tts.engine),
      playingId: readAloud.playingId,
      loadingId: readAloud.loadingId,
      speechError: readAloud.error,
      onPlay: readAloud.play,
      onStopPlaying: readAloud.stop,
      onRetry: (responseId) => {
        stickToBottom.current = false;
        void dispatch(retryAnswer(responseId));
      },
      onFollowUp: (question) => send(question),
      onLike: (messageId) => void addFeedback({ messageId, feedbackType: 'LIKE' }),
      onDislike: (messageId) => setDislikeId(messageId),
      onSelectVersion: (id, index) => dispatch(versionSelected({ id, index })),
    }),
    [addFeedback, answering, caps?.tts.engine, dispatch, readAloud, send],
  );

  // Keep the newest text in view while it streams, unless the reader scrolled up.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (prependFrom.current) {
      element.scrollTop = element.scrollHeight - prependFrom.current.height + prependFrom.current.top;
      prependFrom.current = null;
    } else if (stickToBottom.current && !target) {
      element.scrollTop = element.scrollHeight;
    }
  }, [chat.messages, target]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    if (
      element.scrollTop < 120 &&
      chat.history.pageNo < chat.history.lastPage &&
      !chat.history.loadingOlder
    ) {
      prependFrom.current = { height: element.scrollHeight, top: element.scrollTop };
      void dispatch(loadOlder());
    }
  };

  // The address lets go of a search match once it is reached (or known to be gone).
  const releaseTarget = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete('message');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // A search result opens the conversation at its message: load older pages until it is there.
  useEffect(() => {
    if (!target) reachedTarget.current = null;
    // A page that failed stops the walk; its alert's Retry loads it and the walk goes on from there.
    if (!target || chat.history.loading || chat.history.loadingOlder || chat.history.error) return;
    if (!chat.conversationId) return;
    const found = chat.messages.find((m) => m.id === target || m.versions.some((v) => v.id === target));
    if (found) {
      if (reachedTarget.current === target) return;
      reachedTarget.current = target;
      setHighlighted(found.id);
      // The reader is at the match now, not at the bottom.
      stickToBottom.current = false;
      requestAnimationFrame(() => {
        const element = document.getElementById(`message-${found.id}`);
        element?.scrollIntoView({ block: 'center' });
        element?.focus({ preventScroll: true });
        // Taken there: the address lets go of the match, so the next answer scrolls into view as usual.
        releaseTarget();
      });
    } else if (chat.history.pageNo > 0 && chat.history.pageNo < chat.history.lastPage) {
      void dispatch(loadOlder());
    } else if (chat.history.pageNo > 0) {
      // Every page is here and the message is not (deleted, or retried away since the search): say so.
      setTargetMissing(true);
      releaseTarget();
    }
  }, [chat.conversationId, chat.history, chat.messages, dispatch, releaseTarget, target]);

  // The match stays marked (or its absence said) until another conversation opens.
  useEffect(() => {
    setHighlighted(null);
    setTargetMissing(false);
  }, [chat.conversationId]);

  // What the server never received goes out again: the question, or the retry of an answer.
  const { failedInput, failedRetry } = chat;
  const retryFailedRequest = failedInput
    ? () => {
        dispatch(errorDismissed());
        send(failedInput);
      }
    : failedRetry
      ? () => {
          dispatch(errorDismissed());
          actions.onRetry(failedRetry);
        }
      : undefined;

  // A question the server never got goes back into the composer (and so into its kept draft), and
  // out again by itself once the connection returns, unless the founder has changed it meanwhile.
  const retryLater = useRef(retryFailedRequest);
  retryLater.current = retryFailedRequest;
  useEffect(() => {
    if (!failedInput) return;
    composer.current?.setText(failedInput);
    return onReconnect(() => {
      if (composer.current?.text() !== failedInput) return;
      composer.current.setText('');
      retryLater.current?.();
    });
  }, [failedInput]);

  const newChat = chat.conversationId === null && chat.messages.length === 0;
  const lastAnswerIndex = chat.messages.map((m) => m.role).lastIndexOf('assistant');
  const streamError =
    chat.error && chat.errorMessage && !chat.messages.some((m) => m.isTemp) ? chat.errorMessage : null;
  const messageHasError = chat.messages.some((m) => m.error === chat.errorMessage && m.error);

  // A conversation that is not the founder's (deleted elsewhere, an old or mistyped link): say so and
  // offer a new chat. Its address cannot take a question, so the question box is not shown.
  const missing = chat.history.missing && chat.messages.length === 0;

  let body: React.ReactNode;
  if (missing) {
    body = (
      <Box sx={{ pt: 2 }}>
        <EmptyState
          icon={<SearchOffIcon fontSize="inherit" />}
          title="Conversation not found"
          action={
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.aiWorkspace}>
              Start a new chat
            </Button>
          }
        >
          It may have been deleted, or the link is incomplete.
        </EmptyState>
      </Box>
    );
  } else if (chat.history.error && chat.messages.length === 0) {
    body = (
      <RetryAlert
        message={chat.history.error}
        onRetry={() => chat.conversationId && void dispatch(loadHistory(chat.conversationId, 1))}
      />
    );
  } else if (chat.history.loading && chat.messages.length === 0) {
    body = (
      <Stack spacing={2} aria-hidden="true" sx={{ pt: 2 }}>
        <Skeleton
          variant="rounded"
          height={48}
          sx={{ alignSelf: 'flex-end', width: '60%', borderRadius: 3 }}
        />
        <Skeleton variant="rounded" height={140} sx={{ borderRadius: 3 }} />
        <Skeleton
          variant="rounded"
          height={48}
          sx={{ alignSelf: 'flex-end', width: '45%', borderRadius: 3 }}
        />
        <Skeleton variant="rounded" height={100} sx={{ borderRadius: 3 }} />
      </Stack>
    );
  } else if (newChat) {
    body = (
      <Box sx={{ textAlign: 'center', py: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto' }}>
        <Box
          aria-hidden="true"
          sx={{ fontSize: 48, color: 'primary.main', display: 'flex', justifyContent: 'center' }}
        >
          <AutoAwesomeIcon fontSize="inherit" />
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
          Ask your coach anything about your program
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {aboutStep
            ? `Asking about ${aboutTitle ? `“${aboutTitle}”` : 'your step'}: the coach sees your saved worksheet answers. Try one of these:`
            : 'It knows your startup, your milestone and your mission. Try one of these:'}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          aria-label="Suggested questions"
          sx={{ listStyle: 'none', p: 0, mt: 2.5, flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}
        >
          {(aboutStep && offered ? [offered, ...STEP_QUESTIONS] : STARTER_QUESTIONS).map((question) => (
            <li key={question}>
              <Chip
                label={question}
                color="primary"
                variant="outlined"
                onClick={() => send(question)}
                sx={{
                  height: 'auto',
                  minHeight: 32,
                  maxWidth: '100%',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                }}
              />
            </li>
          ))}
        </Stack>
      </Box>
    );
  } else {
    body = (
      <>
        {chat.history.loadingOlder ? (
          <Stack spacing={1} sx={{ py: 1 }} aria-hidden="true">
            <Skeleton variant="rounded" height={48} sx={{ borderRadius: 3 }} />
          </Stack>
        ) : chat.history.pageNo > 0 && chat.history.pageNo < chat.history.lastPage ? (
          <Box sx={{ textAlign: 'center' }}>
            <Button size="small" onClick={() => void dispatch(loadOlder())}>
              Show earlier messages
            </Button>
          </Box>
        ) : null}
        {chat.history.error ? (
          <RetryAlert message={chat.history.error} onRetry={() => void dispatch(loadOlder())} />
        ) : null}
        {targetMissing ? (
          <Alert severity="info" onClose={() => setTargetMissing(false)}>
            The message you searched for is no longer in this conversation.
          </Alert>
        ) : null}
        <Box
          component="ul"
          aria-label="Messages"
          aria-busy={answering}
          sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}
        >
          {chat.messages.map((message, index) => (
            <MessageItem
              key={message.isTemp ? `temp-${message.role}` : message.id}
              message={message}
              actions={actions}
              highlighted={highlighted === message.id}
              last={index === lastAnswerIndex}
            />
          ))}
        </Box>
      </>
    );
  }

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <OfflineBanner show={Boolean(caps?.chatModel.offline)} compact={phone || chat.messages.length > 0} />
      {chat.conversation?.isArchived ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          This conversation is archived. Restore it from the archive to see it in your list again.
        </Alert>
      ) : null}
      <Box
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Conversation"
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          pr: { sm: 1 },
          pb: { xs: 1, sm: 2 },
          outline: 'none',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {body}
      </Box>
      {/* Screen readers hear that an answer finished, not every token. */}
      <Box
        aria-live="polite"
        role="status"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {chat.announcement}
      </Box>
      {chat.feedbackSuccess ? (
        <Alert severity="success" onClose={() => dispatch(feedbackSuccessReset())} sx={{ mb: 1 }}>
          {chat.feedbackSuccess}
        </Alert>
      ) : null}
      {streamError && !messageHasError ? (
        <RetryAlert
          message={streamError}
          sx={{ mb: 1 }}
          onClose={() => dispatch(errorDismissed())}
          onRetry={retryFailedRequest}
        />
      ) : null}
      {missing ? null : (
        <Composer
          ref={composer}
          streaming={answering}
          aborting={chat.aborting}
          capabilities={caps}
          onSend={send}
          onStop={() => void dispatch(stopStreaming())}
          compact={phone}
        />
      )}
      <audio ref={readAloud.audioRef} hidden />
      <FeedbackDialog
        open={Boolean(dislikeId)}
        busy={chat.feedbackLoading}
        onClose={() => setDislikeId(null)}
        onSubmit={(value) => {
          if (!dislikeId) return;
          void addFeedback({ messageId: dislikeId, feedbackType: 'DISLIKE', ...value }).then((result) => {
            if (!('error' in result)) setDislikeId(null);
          });
        }}
      />
    </Stack>
  );
}

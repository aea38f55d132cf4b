import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../../../components/product-mark';
import { RetryAlert } from '../../../components/retry-alert';
import { useAddFeedbackMutation, useAiCapabilitiesQuery } from '../api';
import { loadHistory, loadOlder, retryAnswer, sendMessage, stopStreaming } from '../chat-actions';
import type { AiDispatch } from '../chat-actions';
import { useFailedRequestRetry } from './use-failed-request-retry';
import { useReadAloud } from '../speech/use-read-aloud';
import { useSearchTarget } from '../history/use-search-target';
import { useUnfinishedRefresh } from './use-unfinished-refresh';
import {
  errorDismissed,
  feedbackSuccessReset,
  hasUnfinishedAnswer,
  selectAiChat,
  versionSelected,
} from '../slice';
import { ChatWelcome } from './chat-welcome';
import { Composer } from './composer';
import type { ComposerHandle } from './composer';
import { ConversationNotFound } from './conversation-not-found';
import { FeedbackDialog, prefetchChatMarkdown } from './lazy-parts';
import { OfflineBanner } from './offline-banner';
import './chat-panel.css';
import { MessageItem } from './message-item';
import type { MessageActions } from './message-item';

type Dispatch = AiDispatch;

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
      // The reply's renderer comes while the coach thinks.
      prefetchChatMarkdown();
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
    // Nothing to keep in view in an empty chat: reading its height would lay out the whole page as it opens.
    if (!element || chat.messages.length === 0) return;
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

  const { highlighted, targetMissing, dismissTargetMissing } = useSearchTarget({
    target,
    setSearchParams,
    chat,
    dispatch,
    stickToBottom,
  });

  const retryFailedRequest = useFailedRequestRetry({
    failedInput: chat.failedInput,
    failedRetry: chat.failedRetry,
    dispatch,
    send,
    onRetryAnswer: actions.onRetry,
    composer,
  });

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
    body = <ConversationNotFound />;
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
    body = <ChatWelcome aboutStep={aboutStep} aboutTitle={aboutTitle} offered={offered} onAsk={send} />;
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
          <Alert severity="info" onClose={dismissTargetMissing}>
            The message you searched for is no longer in this conversation.
          </Alert>
        ) : null}
        <ul className="chat-panel__messages" aria-label="Messages" aria-busy={answering}>
          {chat.messages.map((message, index) => (
            <MessageItem
              key={message.isTemp ? `temp-${message.role}` : message.id}
              message={message}
              actions={actions}
              highlighted={highlighted === message.id}
              last={index === lastAnswerIndex}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="chat-panel">
      <OfflineBanner show={Boolean(caps?.chatModel.offline)} compact={phone || chat.messages.length > 0} />
      {chat.conversation?.isArchived ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          This conversation is archived. Restore it from the archive to see it in your list again.
        </Alert>
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Conversation"
        className="chat-panel__conversation"
      >
        {body}
      </div>
      {/* Screen readers hear that an answer finished, not every token. */}
      <div aria-live="polite" role="status" style={visuallyHidden}>
        {chat.announcement}
      </div>
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
    </div>
  );
}

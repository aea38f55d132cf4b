import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { loadOlder } from '../chat-actions';
import type { AiDispatch } from '../chat-actions';
import type { AiChatState } from '../slice';

/**
 * A search result opens the conversation at its message (`target`, the address's `message`): older pages
 * load until it is there, then it is scrolled to, focused and marked; when every page is here without it, that
 * is said instead. `stickToBottom` is the conversation's own: once at the match, the reader is not at the
 * bottom.
 */
export function useSearchTarget({
  target,
  setSearchParams,
  chat,
  dispatch,
  stickToBottom,
}: {
  target: string | null;
  setSearchParams: SetURLSearchParams;
  chat: AiChatState;
  dispatch: AiDispatch;
  stickToBottom: RefObject<boolean>;
}) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [targetMissing, setTargetMissing] = useState(false);
  const reachedTarget = useRef<string | null>(null);

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
  }, [chat.conversationId, chat.history, chat.messages, dispatch, releaseTarget, stickToBottom, target]);

  // The match stays marked (or its absence said) until another conversation opens.
  useEffect(() => {
    setHighlighted(null);
    setTargetMissing(false);
  }, [chat.conversationId]);

  return { highlighted, targetMissing, dismissTargetMissing: () => setTargetMissing(false) };
}

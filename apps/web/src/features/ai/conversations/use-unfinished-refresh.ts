import { useEffect } from 'react';
import { refreshUnfinished, UNFINISHED_REFRESH_MS } from '../chat-actions';
import type { AiDispatch } from '../chat-actions';

/**
 * While the server writes an answer this tab does not listen to (after a reload, or after opening another
 * conversation mid-answer), reads the conversation's newest page again every moment, so the text grows and the
 * final answer replaces it. Ends when nothing is unfinished, when another conversation opens, or on unmount.
 */
export function useUnfinishedRefresh(
  dispatch: AiDispatch,
  conversationId: string | null,
  unfinished: boolean,
) {
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

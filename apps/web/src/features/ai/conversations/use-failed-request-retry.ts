import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { onReconnect } from '../../../lib/online';
import type { AiDispatch } from '../chat-actions';
import type { ComposerHandle } from './composer';
import { errorDismissed } from '../slice';

/**
 * What the server never received goes out again: the question, or the retry of an answer. Returns the retry
 * for the error's alert (undefined when there is nothing to send again); a question also goes back into the
 * composer and out again by itself once the connection returns.
 */
export function useFailedRequestRetry({
  failedInput,
  failedRetry,
  dispatch,
  send,
  onRetryAnswer,
  composer,
}: {
  failedInput: string | null;
  failedRetry: string | null;
  dispatch: AiDispatch;
  send: (text: string) => boolean;
  onRetryAnswer: (responseId: string) => void;
  composer: RefObject<ComposerHandle | null>;
}) {
  const retryFailedRequest = failedInput
    ? () => {
        dispatch(errorDismissed());
        send(failedInput);
      }
    : failedRetry
      ? () => {
          dispatch(errorDismissed());
          onRetryAnswer(failedRetry);
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
  }, [composer, failedInput]);

  return retryFailedRequest;
}

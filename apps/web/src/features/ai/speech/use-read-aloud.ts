import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiExtra } from '../../../lib/api';
import { TTS_MAX_CHARACTERS } from '@liftoff/contracts/ai-limits';
import { fetchSpeech } from '../api';
import { replyText } from '../conversations/reply-text';

type Dispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;

export type ReadAloud = {
  playingId: string | null;
  loadingId: string | null;
  error: { id: string; message: string } | null;
  play: (id: string, markdown: string) => void;
  stop: () => void;
  /** Attach to the one <audio> element that plays the answers. */
  audioRef: React.RefObject<HTMLAudioElement | null>;
};

/** Per-message read-aloud through POST /ai/tts, one answer at a time, played by an audio element. */
export function useReadAloud(): ReadAloud {
  const dispatch = useDispatch<Dispatch>();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [error, setError] = useState<ReadAloud['error']>(null);

  const release = useCallback(() => {
    requestRef.current?.abort();
    requestRef.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const stop = useCallback(() => {
    release();
    setPlayingId(null);
    setLoadingId(null);
  }, [release]);

  const play = useCallback(
    (id: string, markdown: string) => {
      release();
      setError(null);
      setPlayingId(null);
      setLoadingId(id);
      const controller = new AbortController();
      requestRef.current = controller;
      replyText(markdown)
        .then((text) => dispatch(fetchSpeech(text.slice(0, TTS_MAX_CHARACTERS), controller.signal)))
        .then(async (blob) => {
          if (controller.signal.aborted) return;
          const audio = audioRef.current;
          if (!audio) return;
          urlRef.current = URL.createObjectURL(blob);
          audio.src = urlRef.current;
          audio.onended = () => stop();
          setLoadingId(null);
          setPlayingId(id);
          await audio.play();
        })
        .catch((reason: unknown) => {
          if (controller.signal.aborted) return;
          setLoadingId(null);
          setPlayingId(null);
          setError({ id, message: reason instanceof Error ? reason.message : 'Could not play the answer' });
        });
    },
    [dispatch, release, stop],
  );

  useEffect(() => release, [release]);

  return { playingId, loadingId, error, play, stop, audioRef };
}

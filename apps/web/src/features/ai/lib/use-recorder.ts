import { useCallback, useEffect, useRef, useState } from 'react';

/** Longest recording before it stops by itself (the API takes 25 MB; two minutes of Opus is far less). */
export const MAX_RECORDING_SECONDS = 120;

const CANDIDATE_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia);

function pickType(): string {
  return CANDIDATE_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type)) ?? '';
}

export function extensionOf(type: string): string {
  if (type.includes('ogg')) return 'ogg';
  if (type.includes('mp4')) return 'm4a';
  if (type.includes('wav')) return 'wav';
  return 'webm';
}

export type RecorderState = 'idle' | 'starting' | 'recording';

/**
 * Records the microphone with MediaRecorder, with a level (0–1, from an AnalyserNode) and the elapsed
 * seconds for the meter and the timer. `stop` answers the recording; `cancel` throws it away.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const parts = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    context: AudioContext | null;
    frame: number;
    timer: number;
    chunks: Blob[];
    resolve: ((blob: Blob | null) => void) | null;
    discard: boolean;
  } | null>(null);

  const teardown = useCallback(() => {
    const current = parts.current;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    window.clearInterval(current.timer);
    current.stream.getTracks().forEach((track) => track.stop());
    void current.context?.close().catch(() => undefined);
    parts.current = null;
    setState('idle');
    setLevel(0);
  }, []);

  const finish = useCallback((discard: boolean): Promise<Blob | null> => {
    const current = parts.current;
    if (!current) return Promise.resolve(null);
    current.discard = discard;
    return new Promise((resolve) => {
      current.resolve = resolve;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      else resolve(null);
    });
  }, []);

  const start = useCallback(async () => {
    if (parts.current) return;
    setError(null);
    setElapsed(0);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      setError('The microphone is not available. Allow access to it in your browser, or type your question.');
      return;
    }
    const type = pickType();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    let context: AudioContext | null = null;
    let analyser: AnalyserNode | null = null;
    try {
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
    } catch {
      context = null;
    }
    const current = {
      recorder,
      stream,
      context,
      frame: 0,
      timer: 0,
      chunks: [] as Blob[],
      resolve: null as ((blob: Blob | null) => void) | null,
      discard: false,
    };
    parts.current = current;
    recorder.ondataavailable = (event) => {
      if (event.data.size) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      const blob = current.discard
        ? null
        : new Blob(current.chunks, { type: recorder.mimeType || type || 'audio/webm' });
      teardown();
      current.resolve?.(blob);
    };
    const samples = analyser ? new Uint8Array(analyser.fftSize) : null;
    const tick = () => {
      if (analyser && samples) {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const value of samples) sum += ((value - 128) / 128) ** 2;
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      }
      current.frame = requestAnimationFrame(tick);
    };
    current.frame = requestAnimationFrame(tick);
    const started = Date.now();
    current.timer = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      setElapsed(seconds);
    }, 250);
    recorder.start(250);
    setState('recording');
  }, [teardown]);

  useEffect(
    () => () => {
      if (parts.current) {
        parts.current.discard = true;
        if (parts.current.recorder.state !== 'inactive') parts.current.recorder.stop();
        teardown();
      }
    },
    [teardown],
  );

  return {
    state,
    level,
    elapsed,
    error,
    clearError: () => setError(null),
    start,
    stop: () => finish(false),
    cancel: () => void finish(true),
  };
}

type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult:
    | ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};
type RecognitionConstructor = new () => Recognition;

export function browserRecognition(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The browser's own speech recognition (the fallback when the API has no transcription engine). */
export function useBrowserRecognition(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<Recognition | null>(null);
  const Ctor = browserRecognition();

  const start = useCallback(() => {
    if (!Ctor || ref.current) return;
    const recognition = new Ctor();
    recognition.lang = navigator.language || 'en-US';
    recognition.interimResults = false;
    recognition.continuous = false;
    recognition.onresult = (event) => {
      const text = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) onText(text);
    };
    recognition.onerror = (event) => {
      setError(
        event.error === 'not-allowed'
          ? 'The microphone is not available. Allow access to it in your browser, or type your question.'
          : 'Speech was not recognised. Please try again.',
      );
    };
    recognition.onend = () => {
      ref.current = null;
      setListening(false);
    };
    ref.current = recognition;
    setError(null);
    setListening(true);
    recognition.start();
  }, [Ctor, onText]);

  const stop = useCallback(() => ref.current?.stop(), []);
  const cancel = useCallback(() => {
    ref.current?.abort();
    ref.current = null;
    setListening(false);
  }, []);
  useEffect(() => () => ref.current?.abort(), []);

  return {
    available: Boolean(Ctor),
    listening,
    error,
    clearError: () => setError(null),
    start,
    stop,
    cancel,
  };
}

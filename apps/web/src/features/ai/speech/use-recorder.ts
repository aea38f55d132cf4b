import { useCallback, useEffect, useRef, useState } from 'react';
import { WavCapture } from './wav';

/** Longest recording before it stops by itself (the API takes 25 MB; two minutes of Opus is far less). */
export const MAX_RECORDING_SECONDS = 120;

/** What MediaRecorder may write, best first, each with the name the API gives its container. */
const CANDIDATES: { type: string; format: string }[] = [
  { type: 'audio/webm;codecs=opus', format: 'audio/webm' },
  { type: 'audio/webm', format: 'audio/webm' },
  { type: 'audio/ogg;codecs=opus', format: 'audio/opus' },
  { type: 'audio/mp4', format: 'audio/mp4' },
];

export const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia);

/** How to record: MediaRecorder with a type ('' = the browser's own choice), or WAV from the audio graph. */
export type RecordingPlan = { kind: 'media'; type: string } | { kind: 'wav' };

/**
 * The recording the server can read. `formats` are the containers its transcription engine accepts (empty
 * when unknown): the first the browser's MediaRecorder can write, else WAV when the server takes it (offline
 * recognition without ffmpeg reads WAV and Ogg Vorbis, which no browser's MediaRecorder writes).
 */
export function planRecording(formats: string[], isTypeSupported: (type: string) => boolean): RecordingPlan {
  const supported = CANDIDATES.filter((candidate) => isTypeSupported(candidate.type));
  if (!formats.length) return { kind: 'media', type: supported[0]?.type ?? '' };
  const accepted = supported.find((candidate) => formats.includes(candidate.format));
  if (accepted) return { kind: 'media', type: accepted.type };
  if (formats.includes('audio/wav')) return { kind: 'wav' };
  return { kind: 'media', type: supported[0]?.type ?? '' };
}

export function extensionOf(type: string): string {
  if (type.includes('ogg')) return 'ogg';
  if (type.includes('mp4')) return 'm4a';
  if (type.includes('wav')) return 'wav';
  return 'webm';
}

export type RecorderState = 'idle' | 'starting' | 'recording';

/**
 * Records the microphone in a format the server reads (see `planRecording`), with a level (0–1, from an
 * AnalyserNode) and the elapsed seconds for the meter and the timer. `start` takes the formats the server's
 * transcription accepts; `stop` answers the recording; `cancel` throws it away.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const parts = useRef<{
    /** One of the two records: MediaRecorder, or the WAV capture. */
    recorder: MediaRecorder | null;
    capture: WavCapture | null;
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

  const finish = useCallback(
    (discard: boolean): Promise<Blob | null> => {
      const current = parts.current;
      if (!current) return Promise.resolve(null);
      current.discard = discard;
      if (current.capture) {
        const blob = discard ? null : current.capture.finish();
        teardown();
        return Promise.resolve(blob);
      }
      const { recorder } = current;
      return new Promise((resolve) => {
        current.resolve = resolve;
        if (recorder && recorder.state !== 'inactive') recorder.stop();
        else resolve(null);
      });
    },
    [teardown],
  );

  const start = useCallback(
    async (formats: string[] = []) => {
      if (parts.current) return;
      setError(null);
      setElapsed(0);
      setState('starting');
      let stream: MediaStream;
      try {
        // The microphone's own signal: the processing browsers apply for calls (noise suppression, gain
        // control, echo cancellation) distorts speech for a recogniser. With it, the offline recogniser heard
        // Debian's "go forward ten meters" recording as "go forward ten years".
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
        });
      } catch {
        setState('idle');
        setError(
          'The microphone is not available. Allow access to it in your browser, or type your question.',
        );
        return;
      }
      const plan = planRecording(formats, (type) => MediaRecorder.isTypeSupported?.(type) ?? false);
      let context: AudioContext | null = null;
      let analyser: AnalyserNode | null = null;
      let capture: WavCapture | null = null;
      try {
        context = new AudioContext();
        analyser = context.createAnalyser();
        analyser.fftSize = 512;
        const source = context.createMediaStreamSource(stream);
        source.connect(analyser);
        if (plan.kind === 'wav') capture = new WavCapture(context, source);
      } catch {
        context = null;
      }
      const type = plan.kind === 'media' ? plan.type : '';
      // Without an audio graph there is no WAV either: the browser's own format is the best left.
      const recorder = capture ? null : new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const current = {
        recorder,
        capture,
        stream,
        context,
        frame: 0,
        timer: 0,
        chunks: [] as Blob[],
        resolve: null as ((blob: Blob | null) => void) | null,
        discard: false,
      };
      parts.current = current;
      if (recorder) {
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
      }
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
      recorder?.start(250);
      setState('recording');
    },
    [teardown],
  );

  useEffect(
    () => () => {
      if (parts.current) {
        parts.current.discard = true;
        const { recorder } = parts.current;
        if (recorder && recorder.state !== 'inactive') recorder.stop();
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

import type { Tracer } from '@opentelemetry/api';
import { inSpan } from '../../../lib/tracing.js';
import type { Speech } from './speech.js';

/** Read-aloud and transcription each in a span; the text and the audio stay out of it (the founder's words). */
export function tracedSpeech(speech: Speech, tracer: Tracer | null): Speech {
  if (!tracer) return speech;
  return {
    ...speech,
    tts: (founder, markdown) =>
      inSpan(tracer, 'speech synthesize', { 'liftoff.speech.characters': markdown.length }, async (span) => {
        const result = await speech.tts(founder, markdown);
        span?.setAttribute('liftoff.speech.cached', result.cached);
        return result;
      }),
    stt: (audio, fileName) =>
      inSpan(tracer, 'speech transcribe', { 'liftoff.speech.bytes': audio.length }, async (span) => {
        const result = await speech.stt(audio, fileName);
        span?.setAttribute('liftoff.speech.engine', result.engine);
        return result;
      }),
  };
}

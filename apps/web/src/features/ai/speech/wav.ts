/**
 * Recording as WAV in the browser. MediaRecorder writes only compressed containers (WebM, Ogg Opus, MP4), and
 * a server that recognises speech offline without ffmpeg reads WAV and Ogg Vorbis only, so for it the
 * microphone's samples are taken from the Web Audio graph and written as WAV here.
 */

/** What offline recognisers want, and small: two minutes are under 4 MB. */
export const WAV_SAMPLE_RATE = 16_000;

/**
 * 16-bit mono PCM WAV of `chunks` (samples from -1 to 1 at `sampleRate`), resampled down to `targetRate` by
 * averaging each output sample's share of the input: a plain low-pass, enough for speech recognition.
 */
export function encodeWav(
  chunks: Float32Array[],
  sampleRate: number,
  targetRate = WAV_SAMPLE_RATE,
): ArrayBuffer {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const input = new Float32Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    input.set(chunk, offset);
    offset += chunk.length;
  }
  const rate = Math.min(targetRate, sampleRate);
  const ratio = sampleRate / rate;
  const length = Math.floor(total / ratio);
  const buffer = new ArrayBuffer(44 + length * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, length * 2, true);
  for (let i = 0; i < length; i++) {
    const from = Math.floor(i * ratio);
    const to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = from; j < to; j++) sum += input[j]!;
    const sample = Math.max(-1, Math.min(1, sum / (to - from)));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return buffer;
}

/**
 * Collects the samples of `source` until `finish`. A ScriptProcessorNode rather than an AudioWorklet: a
 * worklet's code must load from a URL the page's Content Security Policy allows, and this needs no file of its
 * own. Its output is silent and goes nowhere audible; it must reach the destination to be run at all.
 */
export class WavCapture {
  private readonly chunks: Float32Array[] = [];
  private readonly processor: ScriptProcessorNode;
  private readonly mute: GainNode;

  constructor(
    private readonly context: AudioContext,
    private readonly source: MediaStreamAudioSourceNode,
  ) {
    this.processor = context.createScriptProcessor(4096, 1, 1);
    this.mute = context.createGain();
    this.mute.gain.value = 0;
    this.processor.onaudioprocess = (event) => {
      this.chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
    };
    source.connect(this.processor);
    this.processor.connect(this.mute);
    this.mute.connect(context.destination);
  }

  /** Stops collecting and answers the recording so far as a WAV file. */
  finish(): Blob {
    this.processor.onaudioprocess = null;
    this.source.disconnect(this.processor);
    this.processor.disconnect();
    this.mute.disconnect();
    return new Blob([encodeWav(this.chunks, this.context.sampleRate)], { type: 'audio/wav' });
  }
}

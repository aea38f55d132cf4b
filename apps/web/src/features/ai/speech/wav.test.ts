import { describe, expect, it } from 'vitest';
import { encodeWav, WAV_SAMPLE_RATE } from './wav';

const ascii = (view: DataView, at: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(at + i)));

describe('encodeWav', () => {
  it('writes 16 kHz mono 16-bit PCM, averaging the microphone’s 48 kHz down', () => {
    // 0.1 s at 48 kHz in two chunks: a level of 0.5, then three samples that average to -0.25.
    const first = new Float32Array(4797).fill(0.5);
    const last = new Float32Array([0.5, -0.5, -0.75]);
    const view = new DataView(encodeWav([first, new Float32Array([]), last], 48_000));

    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(view.byteLength - 8);
    expect(ascii(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // one channel
    expect(view.getUint32(24, true)).toBe(WAV_SAMPLE_RATE);
    expect(view.getUint32(28, true)).toBe(WAV_SAMPLE_RATE * 2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(1600 * 2);

    const samples = Array.from({ length: 1600 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(
      samples.slice(0, 1599).every((sample) => sample === Math.round(0.5 * 0x7fff) || sample === 16383),
    ).toBe(true);
    expect(samples[1599]).toBe(-0.25 * 0x8000);
  });

  it('keeps a slower rate as it is and clips what goes past full scale', () => {
    const view = new DataView(encodeWav([new Float32Array([2, -2, 0])], 8_000));
    expect(view.getUint32(24, true)).toBe(8_000);
    expect([0, 1, 2].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0x7fff, -0x8000, 0]);
  });
});

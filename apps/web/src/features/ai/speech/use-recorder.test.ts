import { describe, expect, it } from 'vitest';
import { planRecording } from './use-recorder';

const chromium = (type: string) => type.startsWith('audio/webm') || type === 'audio/mp4';
const firefox = (type: string) => type.startsWith('audio/webm') || type.startsWith('audio/ogg');
const safari = (type: string) => type === 'audio/mp4';

// The formats the API reports for its transcription engines (GET /api/ai/capabilities).
const offlineWithoutFfmpeg = ['audio/wav', 'audio/ogg'];
const offlineWithFfmpeg = ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a'];

describe('planRecording', () => {
  it('records WAV for offline recognition that reads only WAV and Ogg Vorbis, whatever the browser', () => {
    for (const browser of [chromium, firefox, safari])
      expect(planRecording(offlineWithoutFfmpeg, browser)).toEqual({ kind: 'wav' });
  });

  it('uses the browser’s own recorder when the server reads what it writes', () => {
    expect(planRecording(offlineWithFfmpeg, chromium)).toEqual({
      kind: 'media',
      type: 'audio/webm;codecs=opus',
    });
    expect(planRecording(offlineWithFfmpeg, safari)).toEqual({ kind: 'media', type: 'audio/mp4' });
    expect(planRecording(['audio/opus'], firefox)).toEqual({ kind: 'media', type: 'audio/ogg;codecs=opus' });
  });

  it('falls back to the browser’s best when the formats are unknown or none can be made', () => {
    expect(planRecording([], firefox)).toEqual({ kind: 'media', type: 'audio/webm;codecs=opus' });
    expect(planRecording([], () => false)).toEqual({ kind: 'media', type: '' });
    expect(planRecording(['audio/flac'], safari)).toEqual({ kind: 'media', type: 'audio/mp4' });
  });
});

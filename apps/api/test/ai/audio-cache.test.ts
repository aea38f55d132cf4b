import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAudioCache } from '../../src/features/ai/speech/audio-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-audio-cache-'));
  dirs.push(dir);
  return dir;
}
const audio = (kb: number, fill: number) => ({
  audio: Buffer.alloc(kb * 1024, fill),
  contentType: 'audio/wav',
});
/** Backdates an entry, as if it was last played `minutesAgo`. */
function playedAgo(dir: string, key: string, minutesAgo: number) {
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path.join(dir, `${key}.audio`), when, when);
}

describe('read-aloud audio cache', () => {
  it('gives back what it stored, with its type', async () => {
    const cache = createAudioCache(tempDir(), 1024 * 1024);
    expect(await cache.get('a')).toBeNull();
    await cache.put('a', { audio: Buffer.from('RIFF....WAVE'), contentType: 'audio/mpeg' });
    const hit = await cache.get('a');
    expect(hit?.audio.toString()).toBe('RIFF....WAVE');
    expect(hit?.contentType).toBe('audio/mpeg');
  });

  it('stays within its size, dropping the least recently played first', async () => {
    const dir = tempDir();
    const cache = createAudioCache(dir, 400 * 1024);
    for (const [key, minutes] of [
      ['old', 30],
      ['played', 20],
      ['newer', 10],
    ] as const) {
      await cache.put(key, audio(100, 1));
      playedAgo(dir, key, minutes);
    }
    // Playing "played" again makes it the most recently used.
    expect(await cache.get('played')).not.toBeNull();
    await cache.put('fourth', audio(100, 2));
    await cache.put('fifth', audio(100, 3));

    expect(await cache.get('old')).toBeNull();
    expect(await cache.get('newer')).toBeNull();
    for (const key of ['played', 'fourth', 'fifth']) expect(await cache.get(key), key).not.toBeNull();
    const kept = readdirSync(dir).filter((name) => name.endsWith('.audio'));
    expect(kept.length).toBe(3);
  });

  it("counts what an earlier start left, and removes earlier versions' files", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'legacy.wav'), Buffer.alloc(10));
    const first = createAudioCache(dir, 290 * 1024);
    await first.put('a', audio(100, 1));
    playedAgo(dir, 'a', 5);
    await first.put('b', audio(100, 1));
    // A restart: the new process knows nothing of a and b until it counts them.
    const second = createAudioCache(dir, 290 * 1024);
    await second.put('c', audio(100, 1));
    expect(await second.get('a')).toBeNull();
    expect(await second.get('b')).not.toBeNull();
    expect(await second.get('c')).not.toBeNull();
    expect(existsSync(path.join(dir, 'legacy.wav'))).toBe(false);
  });
});

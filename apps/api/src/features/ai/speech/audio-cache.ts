import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CachedAudio {
  audio: Buffer;
  contentType: string;
}

/**
 * Read-aloud audio on disk, keyed by a hash of engine, voice and text, kept within `maxBytes`.
 *
 * A minute of speech is about 2.6 MB of WAV, so without a limit the cache would grow with every answer
 * read aloud until the disk is full. Reading an entry marks it used (its modification time); once the
 * files pass the limit, the least recently used go until a quarter of the room is free again, so an
 * eviction does not run on every new entry. Entries are written under a temporary name and renamed, so a
 * reader never sees half a file, also when several instances share the directory.
 */
export function createAudioCache(dir: string, maxBytes: number) {
  // What the files are known to hold; null until the first eviction pass has counted them.
  let bytes: number | null = null;
  let evicting: Promise<void> | null = null;

  async function evict() {
    const names = await readdir(dir).catch(() => [] as string[]);
    // Anything else is not an entry: earlier versions' `.wav` files, or a write that died half-way.
    const strays = names.filter((name) => !name.endsWith('.audio') && !name.endsWith('.audio.type'));
    for (const name of strays) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info && (!name.endsWith('.tmp') || Date.now() - info.mtimeMs > 60 * 60_000))
        await rm(path.join(dir, name), { force: true });
    }
    const entries = await Promise.all(
      names
        .filter((name) => name.endsWith('.audio'))
        .map(async (name) => {
          const file = path.join(dir, name);
          const info = await stat(file).catch(() => null);
          return info ? { file, size: info.size, usedAt: info.mtimeMs } : null;
        }),
    );
    const files = entries.filter((e) => e !== null).sort((a, b) => a.usedAt - b.usedAt);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > maxBytes) {
      const target = maxBytes * 0.75;
      for (const f of files) {
        if (total <= target) break;
        await rm(f.file, { force: true });
        await rm(`${f.file}.type`, { force: true });
        total -= f.size;
      }
    }
    bytes = total;
  }

  return {
    async get(key: string): Promise<CachedAudio | null> {
      const file = path.join(dir, `${key}.audio`);
      try {
        const [audio, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        const now = new Date();
        await utimes(file, now, now).catch(() => {});
        return { audio, contentType };
      } catch {
        return null;
      }
    },

    async put(key: string, entry: CachedAudio): Promise<void> {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${key}.audio`);
      const temp = `${file}.${randomUUID()}.tmp`;
      // The type first: an entry counts as cached once its audio is in place.
      await writeFile(`${file}.type`, entry.contentType);
      await writeFile(temp, entry.audio);
      await rename(temp, file);
      if (bytes !== null) bytes += entry.audio.length;
      if ((bytes === null || bytes > maxBytes) && !evicting) {
        evicting = evict().finally(() => (evicting = null));
      }
      await evicting;
    },
  };
}

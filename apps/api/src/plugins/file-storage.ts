import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../lib/errors.js';

/**
 * Where uploaded files live. Keys are relative, slash-separated names chosen by the API
 * (`attachments/<userId>/<uuid>`), never user input. The local disk implementation is the default; the
 * S3-compatible one (s3-storage.ts: PutObject, GetObject, DeleteObject) is used when `S3_BUCKET` is set.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens the stored bytes; rejects with `FileNotFoundError` when the key holds nothing. */
  getStream(key: string): Promise<Readable>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The record exists but its bytes are gone from storage: a 404 for the caller, never a 500. */
export class FileNotFoundError extends AppError {
  constructor(readonly key: string) {
    super(404, 'NOT_FOUND', 'This file is no longer in storage.');
    this.name = 'FileNotFoundError';
  }
}

const keyPattern = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return keyPattern.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}

/** What a disk that cannot take a file says: full, over quota, read-only, not ours to write, failing. */
const REFUSED_WRITES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EFBIG']);

/** The answer to a write the file store refused: nothing of the file was kept, and it may be sent again later. */
export const storageRefused = () =>
  new AppError(
    502,
    'UPSTREAM_FAILED',
    'File storage cannot take this file right now. Nothing was saved; please try again later.',
  );

/**
 * Files under `root` (DATA_DIR/files); writes go to a temporary name first, so readers never see half a file,
 * and a write the disk refuses (full, read-only) leaves nothing behind. `onRefused` hears of such a refusal:
 * the operator must, while the caller only learns that storage failed.
 */
export function localDiskStorage(
  root: string,
  { onRefused }: { onRefused?: (error: unknown) => void } = {},
): FileStorage {
  const resolve = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const target = resolve(key);
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(temporary, data, { mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        // A full disk fails the write part-way: what it took is removed, so no half file stays.
        await rm(temporary, { force: true }).catch(() => {});
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && REFUSED_WRITES.has(code)) {
          onRefused?.(error);
          throw storageRefused();
        }
        throw error;
      }
    },
    async getStream(key) {
      // Part of a read's key can come from the address (a photo's name): a key that could never have been
      // stored holds nothing, which is a 404 for the caller rather than a failed check.
      if (!isValidKey(key)) throw new FileNotFoundError(key);
      const target = resolve(key);
      try {
        await stat(target);
      } catch {
        throw new FileNotFoundError(key);
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

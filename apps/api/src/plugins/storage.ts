import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative, slash-separated names chosen by the API
 * (`attachments/<userId>/<uuid>`), never user input. The local disk implementation is the default; an
 * S3-compatible one implements the same three calls (PutObject, GetObject body stream, DeleteObject) and
 * is picked in `createStorage` when S3 settings are configured.
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

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}

const keyPattern = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}

/** Files under `root` (DATA_DIR/files); writes go to a temporary name first, so readers never see half a file. */
export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, target);
    },
    async getStream(key) {
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

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates `app.storage`: local disk under DATA_DIR/files (an S3 implementation plugs in here later). */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', localDiskStorage(path.join(app.config.DATA_DIR, 'files')));
  },
  { name: 'storage' },
);

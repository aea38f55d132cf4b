import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { localDiskStorage, type FileStorage } from './file-storage.js';
import { s3Storage } from './s3-storage.js';

export type { FileStorage } from './file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates `app.storage`: an S3-compatible bucket when `S3_BUCKET` is set, else local disk under DATA_DIR/files. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const { s3 } = app.config;
    app.decorate(
      'storage',
      s3
        ? s3Storage(s3)
        : localDiskStorage(path.join(app.config.DATA_DIR, 'files'), {
            onRefused: (error) => app.log.error({ err: error }, 'file storage refused a write'),
          }),
    );
  },
  { name: 'storage' },
);

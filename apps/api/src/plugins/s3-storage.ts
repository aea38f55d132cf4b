import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../config.js';
import { AppError } from '../lib/errors.js';
import { checkKey, FileNotFoundError, isValidKey, type FileStorage } from './file-storage.js';

const unavailable = () =>
  new AppError(502, 'UPSTREAM_FAILED', 'File storage did not answer. Please try again in a moment.');

/** Where a key lives: path style `endpoint/bucket/key`, or virtual-hosted `bucket.endpoint-host/key`. */
export function s3ObjectUrl(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
) {
  const base = new URL(settings.endpoint);
  const prefix = base.pathname.replace(/\/$/, '');
  if (settings.forcePathStyle)
    return new URL(`${prefix}/${settings.bucket}/${checkKey(key)}`, base).toString();
  const host = new URL(base);
  host.hostname = `${settings.bucket}.${base.hostname}`;
  return new URL(`${prefix}/${checkKey(key)}`, host).toString();
}

/**
 * Any S3-compatible store, signed with AWS Signature Version 4 (aws4fetch: a few kilobytes over `fetch`,
 * where the AWS SDK would bring megabytes for three calls). Failures become a 502 naming file storage; the
 * store's own answer (which names bucket and key) is not passed on.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // One retry for a dropped connection or a 5xx; the founder is waiting on the upload.
    retries: 1,
  });
  const call = async (key: string, init: RequestInit) => {
    try {
      return await client.fetch(s3ObjectUrl(settings, key), init);
    } catch {
      throw unavailable();
    }
  };

  return {
    kind: 's3',
    async put(key, data, contentType) {
      const res = await call(key, {
        method: 'PUT',
        body: Uint8Array.from(data),
        headers: { 'content-type': contentType, 'content-length': String(data.length) },
      });
      await res.body?.cancel();
      if (!res.ok) throw unavailable();
    },
    async getStream(key) {
      // As on local disk: a key that could never have been stored holds nothing.
      if (!isValidKey(key)) throw new FileNotFoundError(key);
      const res = await call(key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        throw new FileNotFoundError(key);
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw unavailable();
      }
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const res = await call(key, { method: 'DELETE' });
      await res.body?.cancel();
      // S3 answers 204 whether or not the key existed; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) throw unavailable();
    },
  };
}

import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from './errors.js';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/**
 * Declares the routes that take multipart/form-data in a scope of their own, with multipart registered there.
 * @fastify/multipart hooks into every call of the scope it is registered in (a listener on the response and two
 * promises each, even on a call with no body), so registered beside a feature's reads it taxed them all: the
 * overview's and a mission's among them. Awaited where the routes stand, they keep their place in the
 * OpenAPI document's order.
 */
export async function withMultipart(
  app: FastifyInstance,
  options: FastifyMultipartOptions,
  routes: (scope: UploadScope) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, options);
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/** The scope `withMultipart` hands its routes: typed by their zod schemas, as every other route. */
export type UploadScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Reads the one file of a multipart/form-data request from `field` (the route must have @fastify/multipart
 * registered). Everything the client can get wrong answers a 400 naming the field: not multipart, no such
 * part, or a body that is cut off or malformed — the multipart parser reports those as plain errors, which
 * would otherwise surface as a 500. A file over the size limit answers 413 with `tooLargeMessage`.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  tooLargeMessage: string,
): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw badRequest(`Send the file as multipart/form-data in the field "${field}".`, [
      { path: field, message: 'Required' },
    ]);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== field)
      throw badRequest(`Attach the file in the field "${field}".`, [{ path: field, message: 'Required' }]);
    const data = await part.toBuffer();
    return { fileName: part.filename, data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', tooLargeMessage);
    // The plugin's own limit errors carry their status; the parser's do not.
    if (statusCode) throw error;
    throw badRequest(`The upload in the field "${field}" was cut off or is not valid multipart/form-data.`, [
      { path: field, message: 'Malformed upload' },
    ]);
  }
}

/** The image types people may upload (post heroes, expert photos), by the extension the bytes reveal. */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
/** The media types a stored image is answered with, for the routes' documented answers. */
export const IMAGE_MEDIA_TYPES = Object.values(IMAGE_TYPES);
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The multipart limits of an image upload: one file of at most `MAX_IMAGE_BYTES`, and nothing much besides. */
export const IMAGE_UPLOAD_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, parts: 3 };

/**
 * Reads an uploaded image from `field` and checks its type from the bytes, never from the name or the
 * client's content type: 415 for anything but PNG, JPEG or WebP. `ext` names the stored file.
 */
export async function readUploadedImage(
  request: FastifyRequest,
  field: string,
): Promise<{ data: Buffer; ext: string; contentType: string }> {
  const { data } = await readUploadedFile(request, field, 'The image is larger than 5 MB.');
  const ext = (await fileTypeFromBuffer(data))?.ext ?? '';
  const contentType = IMAGE_TYPES[ext];
  if (!contentType) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG or WebP image.');
  return { data, ext, contentType };
}

/** Sends an uploaded image stored under `folder/name`; names are random and never reused, so it caches forever. */
export async function sendStoredImage(
  app: FastifyInstance,
  reply: FastifyReply,
  folder: string,
  name: string,
): Promise<FastifyReply> {
  const stream = await app.storage.getStream(`${folder}/${name}`);
  return reply
    .header('content-type', IMAGE_TYPES[name.split('.').pop()!]!)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(stream);
}

import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

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

import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.js';

/** Deliverable uploads: at most this many bytes (api-contract.md "Programs"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const ALLOWED_TYPES_TEXT =
  'PDF, images (PNG, JPEG, GIF, WebP), Word, Excel and PowerPoint documents (DOCX, XLSX, PPTX, DOC, XLS, PPT), CSV and plain text';

/** Types recognised from their magic bytes. */
const byMagic: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Legacy Office files are all Compound File Binary; the name tells which one it claims to be. */
const legacyOffice: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** Text has no magic bytes: accepted only under these names and when the bytes are UTF-8 without NULs. */
const textTypes: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

/** A display-safe file name: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const cleaned = printable.trim().slice(-200);
  return cleaned || 'file';
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Decides from the bytes (never from the name alone) whether the file is accepted, and its real type. */
export async function checkUpload(
  rawName: string,
  data: Buffer,
): Promise<{ fileName: string; mimeType: string }> {
  const fileName = cleanFileName(rawName);
  if (data.length === 0) throw badRequest('The file is empty.', [{ path: 'file', message: 'Empty file' }]);
  const refuse = () =>
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `This type of file is not accepted. Allowed: ${ALLOWED_TYPES_TEXT}.`,
    );
  const detected = await fileTypeFromBuffer(data);
  const extension = extensionOf(fileName);
  if (detected) {
    const mime = byMagic[detected.ext];
    if (mime) return { fileName, mimeType: mime };
    if (detected.ext === 'cfb' && legacyOffice[extension])
      return { fileName, mimeType: legacyOffice[extension] };
    throw refuse();
  }
  const textMime = textTypes[extension];
  if (textMime && isUtf8(data) && !data.includes(0)) return { fileName, mimeType: textMime };
  throw refuse();
}

/** `attachment` Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

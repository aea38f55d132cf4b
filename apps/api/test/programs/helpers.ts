import { crc32 } from 'node:zlib';
import type { Mission, Program } from '@liftoff/contracts/programs';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers/accounts.js';
import { multipartBody } from '../helpers/multipart.js';

export const get = async (app: App, token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

export async function programOf(app: App, token: string): Promise<Program> {
  const res = await get(app, token, '/api/userProgram/programs');
  if (res.statusCode !== 200) throw new Error(`programs: ${res.statusCode} ${res.body}`);
  return (res.json().data as Program[])[0]!;
}

/** `PUT /userStep/next-step` exactly as sent: no worksheet is filled first. */
export const nextStepAsIs = (app: App, token: string, stepId: string, doLater = false) =>
  app.inject({
    method: 'PUT',
    url: '/api/userStep/next-step',
    headers: bearer(token),
    payload: { stepId, doLater },
  });

/**
 * Fills the step's empty required worksheet fields (decision 004), as a founder must before marking it done.
 * Steps the caller cannot see are left alone: the next-step call then answers for itself.
 */
export async function fillRequired(app: App, token: string, stepId: string) {
  const res = await get(app, token, '/api/userProgram/programs');
  if (res.statusCode !== 200) return;
  const steps = (res.json().data as Program[]).flatMap((p) =>
    p.userMilestone.flatMap((m) => m.userMission.flatMap((mi) => mi.userStep)),
  );
  const step = steps.find((s) => s.id === stepId);
  const missing = step?.worksheet?.fields.filter(
    (f) => f.required && !step.worksheet!.answers[f.key]?.trim(),
  );
  if (!step || !missing?.length) return;
  const answers = { ...step.worksheet!.answers };
  for (const field of missing) answers[field.key] = field.kind === 'number' ? '1' : `My ${field.label}`;
  await app.inject({
    method: 'PUT',
    url: `/api/userStep/${stepId}/worksheet`,
    headers: bearer(token),
    payload: { answers },
  });
}

/** Completes (after filling its required fields) or puts off a step. */
export async function nextStep(app: App, token: string, stepId: string, doLater = false) {
  if (!doLater) await fillRequired(app, token, stepId);
  return nextStepAsIs(app, token, stepId, doLater);
}

export async function missionOf(app: App, token: string, id: string): Promise<Mission> {
  const res = await get(app, token, `/api/userMission/${id}`);
  if (res.statusCode !== 200) throw new Error(`mission: ${res.statusCode} ${res.body}`);
  return res.json().data as Mission;
}

export function upload(
  app: App,
  token: string,
  missionId: string,
  file: Parameters<typeof multipartBody>[0],
) {
  const body = multipartBody(file);
  return app.inject({
    method: 'POST',
    url: `/api/userMission/${missionId}/attachments`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A real (stored, uncompressed) zip archive holding the given files. */
export function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml':
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

/** The first bytes of a Linux executable and of a Windows one. */
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 1),
]);
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62, 0),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200, 0x90),
]);

import type { Attachment } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { s3ObjectUrl } from '../../src/plugins/s3-storage.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startFakeS3 } from '../helpers/fake-s3.js';
import { get, missionOf, PDF, PNG, programOf, upload } from './helpers.js';

// Deliverables in an S3-compatible bucket, against a local server speaking the S3 protocol (signatures checked).
const credentials = {
  accessKeyId: 'AKIDLIFTOFFTEST',
  secretAccessKey: 's3cr3t-key-for-tests',
  bucket: 'liftoff-files',
};
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TestApp;
let founder: { token: string };
let missionId: string;

const s3Env = (overrides: Record<string, string> = {}) => ({
  S3_ENDPOINT: s3.url,
  S3_BUCKET: credentials.bucket,
  S3_ACCESS_KEY_ID: credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  S3_REGION: 'eu-central-1',
  ...overrides,
});

beforeAll(async () => {
  s3 = await startFakeS3(credentials);
  t = await createTestApp(s3Env());
  founder = await readyUser(t.app);
  missionId = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!.id;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('deliverables in an S3-compatible bucket', () => {
  it('stores the upload in the bucket, downloads the same bytes, and removes them on delete', async () => {
    const res = await upload(t.app, founder.token, missionId, { name: 'interview notes.pdf', data: PDF });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data as Attachment;
    const stored = [...s3.objects.entries()];
    expect(stored).toHaveLength(1);
    const [key, object] = stored[0]!;
    expect(key).toMatch(/^attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(object.body.equals(PDF)).toBe(true);
    expect(object.contentType).toBe('application/pdf');

    const download = await get(t.app, founder.token, file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${missionId}/attachments/${file.id}`,
      headers: bearer(founder.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(s3.objects.size).toBe(0);
    expect((await missionOf(t.app, founder.token, missionId)).attachments).toEqual([]);
  });

  it('a file gone from the bucket answers 404, not a server error', async () => {
    const file = (await upload(t.app, founder.token, missionId, { name: 'board.png', data: PNG })).json()
      .data as Attachment;
    s3.objects.clear();
    const res = await get(t.app, founder.token, file.downloadUrl);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      404,
      'NOT_FOUND',
      'This file is no longer in storage.',
    ]);
  });

  it('a store that refuses the credentials answers 502 naming file storage, and nothing is saved', async () => {
    const wrong = await createTestApp(s3Env({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    try {
      const user = await readyUser(wrong.app);
      const mission = (await programOf(wrong.app, user.token)).userMilestone[0]!.userMission[0]!;
      const before = s3.requests.length;
      const res = await upload(wrong.app, user.token, mission.id, { name: 'deck.pdf', data: PDF });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        502,
        'UPSTREAM_FAILED',
        'File storage did not answer. Please try again in a moment.',
      ]);
      // The fake checked the signature and refused it.
      expect(s3.requests.length).toBeGreaterThan(before);
      expect((await missionOf(wrong.app, user.token, mission.id)).attachments).toEqual([]);
    } finally {
      await wrong.close();
    }
  });

  it('addresses objects path-style or virtual-hosted, and refuses keys that could escape the bucket', () => {
    const endpoint = 'https://s3.eu-central-1.amazonaws.com';
    expect(s3ObjectUrl({ endpoint, bucket: 'files', forcePathStyle: true }, 'attachments/u/f')).toBe(
      'https://s3.eu-central-1.amazonaws.com/files/attachments/u/f',
    );
    expect(s3ObjectUrl({ endpoint, bucket: 'files', forcePathStyle: false }, 'attachments/u/f')).toBe(
      'https://files.s3.eu-central-1.amazonaws.com/attachments/u/f',
    );
    expect(() => s3ObjectUrl({ endpoint, bucket: 'files', forcePathStyle: true }, '../secrets')).toThrow(
      'Invalid storage key',
    );
  });

  it('names every missing setting when S3 is half configured', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', S3_BUCKET: 'files' })).toThrow(
      /S3_ENDPOINT: required with S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
});

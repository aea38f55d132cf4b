import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attachment } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { get, missionOf, PDF, programOf, upload } from './helpers.js';

// A full disk under the local file store, for real: a tmpfs of a few pages mounted where the files go. Mounting
// takes root (as CI runs); elsewhere the test is skipped, saying so.
const dir = mkdtempSync(join(tmpdir(), 'liftoff-full-disk-'));
const files = join(dir, 'files');
mkdirSync(files);
let skip: string | null = null;
if (process.getuid?.() !== 0) skip = 'mounting a small filesystem takes root';
else {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128k', 'tmpfs', files], { stdio: 'pipe' });
  } catch (error) {
    skip = `cannot mount a tmpfs here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
if (skip) console.warn(`skipping the full file store: ${skip}`);

/** Every file under `root`, as paths relative to it. */
function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(root, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

let t: TestApp;
afterAll(async () => {
  await t?.close();
  if (!skip) execFileSync('umount', [files]);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(skip))('a hand-in the full file store refuses', () => {
  let token: string;
  let missionId: string;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dir });
    token = (await readyUser(t.app)).token;
    missionId = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!.id;
  });

  it('answers 502 saying nothing was saved, leaves no half file, and keeps the previous version whole', async () => {
    const first = await upload(t.app, token, missionId, { name: 'plan-v1.pdf', data: PDF });
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json().data as Attachment;
    const before = listFiles(files);

    // More than the disk has left: the write fails part-way with ENOSPC.
    const big = Buffer.from('market,size\n'.repeat(40_000));
    const second = await upload(t.app, token, missionId, { name: 'plan-v2.csv', data: big });
    expect(second.statusCode, second.body).toBe(502);
    expect(second.json()).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'File storage cannot take this file right now. Nothing was saved; please try again later.',
    });

    // Nothing half-written: the store holds exactly what it held, and the mission lists only the first version.
    expect(listFiles(files)).toEqual(before);
    expect(listFiles(files).some((name) => name.endsWith('.part'))).toBe(false);
    const mission = await missionOf(t.app, token, missionId);
    expect(mission.attachments.map((a) => a.id)).toEqual([v1.id]);
    const download = await get(t.app, token, v1.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Once there is room again (here: a smaller file), a hand-in is taken as usual.
    const third = await upload(t.app, token, missionId, { name: 'plan-v2.pdf', data: PDF });
    expect(third.statusCode, third.body).toBe(201);
  });
});

import type { Attachment, MilestoneOutcome, Program } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipartBody } from '../helpers/multipart.js';
import { DOCX, ELF, EXE, get, missionOf, nextStep, PDF, PNG, programOf, upload, zip } from './helpers.js';

let t: TestApp;
let owner: { token: string };
let other: { token: string };
let program: Program;
let missionId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await readyUser(t.app);
  other = await readyUser(t.app);
  program = await programOf(t.app, owner.token);
  missionId = program.userMilestone[0]!.userMission[0]!.id;
});
afterAll(async () => t.close());

const ALLOWED = /PDF.*PNG.*DOCX.*CSV/;

describe('deliverable uploads', () => {
  it('stores an accepted file, lists it on the mission, and downloads the same bytes', async () => {
    const res = await upload(t.app, owner.token, missionId, {
      name: 'Problem statement (v2).pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('File uploaded successfully.');
    const file = res.json().data as Attachment;
    expect(file).toMatchObject({
      fileName: 'Problem statement (v2).pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      createdAt: expect.any(String),
    });
    expect(file.downloadUrl).toBe(`/api/userMission/${missionId}/attachments/${file.id}/download`);
    expect((await missionOf(t.app, owner.token, missionId)).attachments.map((a) => a.id)).toContain(file.id);
    const download = await get(t.app, owner.token, file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Problem statement (v2).pdf"; filename*=UTF-8''Problem%20statement%20%28v2%29.pdf`,
    );
  });

  it('takes the type from the bytes: a PNG named .pdf is a PNG; office, CSV and text files are accepted', async () => {
    const png = await upload(t.app, owner.token, missionId, { name: 'whiteboard.pdf', data: PNG });
    expect(png.statusCode).toBe(201);
    expect(png.json().data.mimeType).toBe('image/png');
    const docx = await upload(t.app, owner.token, missionId, { name: 'notes.docx', data: DOCX });
    expect(docx.json().data.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const csv = await upload(t.app, owner.token, missionId, {
      name: 'assumptions.csv',
      data: Buffer.from('assumption,risk\nFounders pay,high\nÉtude,low\n'),
    });
    expect(csv.json().data.mimeType).toBe('text/csv');
    const txt = await upload(t.app, owner.token, missionId, {
      name: '../../etc/notes.txt',
      data: Buffer.from('plain notes'),
    });
    expect(txt.json().data).toMatchObject({ mimeType: 'text/plain', fileName: 'notes.txt' });
  });

  it('refuses a wrong real type behind a good name with 415 naming the allowed types', async () => {
    const cases = [
      { name: 'deck.pdf', data: ELF },
      { name: 'deck.pdf', data: EXE },
      { name: 'deck.pdf', data: zip({ 'a.txt': 'hello' }) },
      { name: 'data.csv', data: Buffer.from('a,b\n\u0000\u0001binary') },
      { name: 'notes.md', data: Buffer.from('# not an accepted name') },
    ];
    for (const file of cases) {
      const res = await upload(t.app, owner.token, missionId, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().message).toMatch(ALLOWED);
    }
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length, 0)]);
    const res = await upload(t.app, owner.token, missionId, { name: 'big.png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than 10 MB. Upload a smaller file.',
    });
  });

  it('refuses a request without the file field with 400 naming `file`', async () => {
    const none = await upload(t.app, owner.token, missionId, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'file', message: 'Required' }]);
    const wrongField = await upload(t.app, owner.token, missionId, {
      field: 'document',
      name: 'a.pdf',
      data: PDF,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0].path).toBe('file');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${missionId}/attachments`,
      headers: bearer(owner.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().details[0].path).toBe('file');
  });

  it('answers 400 naming `file` for an upload cut off halfway, and keeps the files already there', async () => {
    const before = (await missionOf(t.app, owner.token, missionId)).attachments.map((a) => a.id);
    const whole = multipartBody({ name: 'plan.pdf', type: 'application/pdf', data: PDF });
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${missionId}/attachments`,
      headers: { ...bearer(owner.token), ...whole.headers },
      payload: whole.payload.subarray(0, whole.payload.length - 40),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().details).toEqual([{ path: 'file', message: 'Malformed upload' }]);
    expect((await missionOf(t.app, owner.token, missionId)).attachments.map((a) => a.id)).toEqual(before);
  });

  it('deletes a file; deleting the last file of a completed mission keeps it completed', async () => {
    const { token } = await readyUser(t.app);
    const mission = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!;
    for (const step of mission.userStep) expect((await nextStep(t.app, token, step.id)).statusCode).toBe(200);
    const file = (await upload(t.app, token, mission.id, { name: 'final.pdf', data: PDF })).json()
      .data as Attachment;
    expect((await missionOf(t.app, token, mission.id)).status).toBe('COMPLETED');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${mission.id}/attachments/${file.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('File deleted successfully.');
    const after = await missionOf(t.app, token, mission.id);
    expect(after.attachments).toEqual([]);
    expect(after.status).toBe('COMPLETED');
    expect((await get(t.app, token, file.downloadUrl)).statusCode).toBe(404);
  });

  it("answers 404 for another user's files", async () => {
    const file = (await upload(t.app, owner.token, missionId, { name: 'mine.pdf', data: PDF })).json()
      .data as Attachment;
    expect((await get(t.app, other.token, file.downloadUrl)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${missionId}/attachments/${file.id}`,
      headers: bearer(other.token),
    });
    expect(del.statusCode).toBe(404);
    expect(
      (await upload(t.app, other.token, missionId, { name: 'intruder.pdf', data: PDF })).statusCode,
    ).toBe(404);
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(other.token),
      payload: { kind: 'attachment', id: file.id },
    });
    expect(share.statusCode).toBe(404);
    expect((await get(t.app, owner.token, file.downloadUrl)).statusCode).toBe(200);
  });
});

describe('outcomes and shares', () => {
  it('shows the milestone outcome and the outcomes repository, filterable', async () => {
    const milestone = program.userMilestone[0]!;
    const res = await get(t.app, owner.token, `/api/userMilestone/outcome/${milestone.id}`);
    expect(res.statusCode).toBe(200);
    const outcome = res.json().data as MilestoneOutcome;
    expect(outcome.outcome.title).toBe(milestone.outcome.title);
    expect(outcome.milestone).toMatchObject({ id: milestone.id, programName: 'Venture Foundations' });
    expect(outcome.missions).toHaveLength(3);
    expect(outcome.missions[0]!.attachments.length).toBeGreaterThan(0);
    const all = (await get(t.app, owner.token, '/api/outcomes')).json().data as MilestoneOutcome[];
    expect(all.map((o) => o.milestone.id)).toEqual([milestone.id]); // locked milestones hold no work yet
    const byProgram = (await get(t.app, owner.token, `/api/outcomes?programId=${program.id}`)).json()
      .data as MilestoneOutcome[];
    expect(byProgram).toHaveLength(1);
    const byMilestone = (
      await get(t.app, owner.token, `/api/outcomes?milestoneId=${program.userMilestone[1]!.id}`)
    ).json().data;
    expect(byMilestone).toEqual([]);
    expect((await get(t.app, other.token, `/api/outcomes?programId=${program.id}`)).json().data).toEqual([]);
  });

  it('shares a deliverable read-only, publicly, until the link is revoked', async () => {
    const file = (await upload(t.app, owner.token, missionId, { name: 'shared.pdf', data: PDF })).json()
      .data as Attachment;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(owner.token),
      payload: { kind: 'attachment', id: file.id },
    });
    expect(created.statusCode).toBe(201);
    const { token, url } = created.json().data as { token: string; url: string };
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(url).toBe(`${t.config.APP_URL}/preview?token=${token}`);

    const preview = await t.app.inject({ method: 'GET', url: `/api/preview/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      kind: 'attachment',
      attachment: {
        fileName: 'shared.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
        createdAt: file.createdAt,
        downloadUrl: `/api/preview/${token}/file`,
      },
      missionName: 'Frame the problem',
      milestoneName: 'Problem & Customer Discovery',
      programName: 'Venture Foundations',
      sharedBy: { founderName: 'Ada Founder', startupName: 'Acme' },
      expiresAt: expect.any(String),
    });
    const bytes = await t.app.inject({ method: 'GET', url: `/api/preview/${token}/file` });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PDF)).toBe(true);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/shares/${token}`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${token}`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/preview/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/preview/${token}/file` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/preview/unknown-token' })).statusCode).toBe(404);
  });

  it('lists the live links again, per item or all, so any can be copied or revoked later', async () => {
    const { token: me } = await readyUser(t.app);
    const mine = (await programOf(t.app, me)).userMilestone[0]!;
    const file = (await upload(t.app, me, mine.userMission[0]!.id, { name: 'pitch.pdf', data: PDF })).json()
      .data as Attachment;
    const make = async (kind: string, id: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/shares', headers: bearer(me), payload: { kind, id } })
      ).json().data as { token: string; url: string; createdAt: string };
    const first = await make('attachment', file.id);
    const second = await make('attachment', file.id);
    const outcome = await make('outcome', mine.id);
    const list = async (query = '', token = me) =>
      (await t.app.inject({ method: 'GET', url: `/api/shares${query}`, headers: bearer(token) })).json();

    const forFile = await list(`?kind=attachment&id=${file.id}`);
    expect(forFile.message).toBe('Share links retrieved successfully.');
    expect(forFile.data.map((l: { token: string }) => l.token).sort()).toEqual(
      [first.token, second.token].sort(),
    );
    expect(forFile.data[0]).toEqual({
      token: expect.any(String),
      url: expect.stringMatching(/\/preview\?token=/),
      kind: 'attachment',
      createdAt: expect.any(String),
      id: file.id,
      title: 'pitch.pdf',
      expiresAt: expect.any(String),
      showFounderName: true,
      showStartupName: true,
      opens: 0,
      lastOpenedAt: null,
    });
    const all = (await list()).data as { token: string; title: string; kind: string }[];
    expect(all).toHaveLength(3);
    expect(all.find((l) => l.token === outcome.token)).toMatchObject({
      kind: 'outcome',
      title: 'Problem & Customer Discovery',
    });

    // A revoked link leaves the list; another founder sees none of them.
    await t.app.inject({ method: 'DELETE', url: `/api/shares/${first.token}`, headers: bearer(me) });
    expect((await list(`?id=${file.id}`)).data.map((l: { token: string }) => l.token)).toEqual([
      second.token,
    ]);
    expect((await list('', other.token)).data.map((l: { title: string }) => l.title)).not.toContain(
      'pitch.pdf',
    );
    const bad = await list('?kind=folder');
    expect(bad.code).toBe('VALIDATION_FAILED');
  });

  it('shares a milestone outcome with only its names and files, no ids of other data', async () => {
    const milestone = program.userMilestone[0]!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(owner.token),
      payload: { kind: 'outcome', id: milestone.id },
    });
    const { token } = created.json().data;
    const res = await t.app.inject({ method: 'GET', url: `/api/preview/${token}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'completedAt',
      'expiresAt',
      'iconUrl',
      'kind',
      'milestoneName',
      'missions',
      'outcome',
      'programName',
      'sharedBy',
    ]);
    expect(data.outcome.title).toBe(milestone.outcome.title);
    expect(data.missions[0].attachments[0]).toEqual({
      fileName: expect.any(String),
      mimeType: expect.any(String),
      size: expect.any(Number),
      downloadUrl: expect.stringMatching(new RegExp(`^/api/preview/${token}/files/`)),
    });
    expect(JSON.stringify(data)).not.toContain(milestone.id);
    expect(JSON.stringify(data)).not.toContain(missionId);
    expect((await t.app.inject({ method: 'GET', url: `/api/preview/${token}/file` })).statusCode).toBe(404);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(owner.token),
      payload: { kind: 'outcome', id: program.userMilestone[1]!.id },
    });
    expect(locked.statusCode).toBe(409);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(other.token),
      payload: { kind: 'outcome', id: milestone.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('kills the share of a deleted file', async () => {
    const file = (await upload(t.app, owner.token, missionId, { name: 'temp.pdf', data: PDF })).json()
      .data as Attachment;
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: bearer(owner.token),
        payload: { kind: 'attachment', id: file.id },
      })
    ).json().data;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${missionId}/attachments/${file.id}`,
      headers: bearer(owner.token),
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/preview/${token}` })).statusCode).toBe(404);
  });
});

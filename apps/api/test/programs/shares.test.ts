import type { Attachment, Preview, Program, ShareLink, Step } from '@liftoff/contracts/programs';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shares } from '../../src/features/programs/tables.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { DOCX, get, PDF, PNG, programOf, upload } from './helpers.js';

let t: TestApp;
let owner: { token: string };
let other: { token: string };
let program: Program;
beforeAll(async () => {
  t = await createTestApp();
  owner = await readyUser(t.app);
  other = await readyUser(t.app);
  program = await programOf(t.app, owner.token);
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/shares', headers: bearer(token), payload });
const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/preview/${token}` });
const links = async (token: string) => (await get(t.app, token, '/api/shares')).json().data as ShareLink[];
const milestone = () => program.userMilestone[0]!;

describe('share links: expiry, names, openings', () => {
  it('expires after the chosen days (30 by default) or never, and an expired link says so', async () => {
    const before = Date.now();
    const byDefault = (await create(owner.token, { kind: 'outcome', id: milestone().id })).json().data;
    expect(Date.parse(byDefault.expiresAt) - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(Date.parse(byDefault.expiresAt) - before).toBeLessThan(30 * DAY + 60_000);
    expect(byDefault).toMatchObject({ showFounderName: true, showStartupName: true });
    const week = (await create(owner.token, { kind: 'outcome', id: milestone().id, expiresInDays: 7 })).json()
      .data;
    expect(Date.parse(week.expiresAt) - before).toBeLessThan(7 * DAY + 60_000);
    const never = await create(owner.token, { kind: 'outcome', id: milestone().id, expiresInDays: null });
    expect(never.statusCode).toBe(201);
    expect(never.json().data.expiresAt).toBeNull();
    expect((await open(never.json().data.token)).json().data.expiresAt).toBeNull();

    const past = new Date(Date.now() - 1000);
    await t.app.db
      .update(shares)
      .set({ expiresAt: past })
      .where(eq(shares.tokenHash, createHash('sha256').update(week.token).digest('hex')));
    const expired = await open(week.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/^This link expired on /);
    expect((await open(byDefault.token)).statusCode).toBe(200);
  });

  it('refuses a bad expiry or name choice with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ expiresInDays: 14 }, 'expiresInDays'],
      [{ expiresInDays: '30' }, 'expiresInDays'],
      [{ showFounderName: 'yes' }, 'showFounderName'],
      [{ showStartupName: null }, 'showStartupName'],
    ] as const) {
      const res = await create(owner.token, { kind: 'outcome', id: milestone().id, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('counts each public opening, not the owner reading their list', async () => {
    const { token } = (
      await create(owner.token, { kind: 'outcome', id: milestone().id, expiresInDays: 90 })
    ).json().data;
    const find = async () => (await links(owner.token)).find((l) => l.token === token)!;
    expect(await find()).toMatchObject({ opens: 0, lastOpenedAt: null, expiresAt: expect.any(String) });
    await open(token);
    await open(token);
    await links(owner.token);
    const after = await find();
    expect(after.opens).toBe(2);
    expect(Date.now() - Date.parse(after.lastOpenedAt!)).toBeLessThan(60_000);
    // Another user neither sees the link nor can revoke it.
    expect((await links(other.token)).map((l) => l.token)).not.toContain(token);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${token}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('names the founder and the startup only as the founder chose', async () => {
    const shown = (await create(owner.token, { kind: 'outcome', id: milestone().id })).json().data;
    expect((await open(shown.token)).json().data.sharedBy).toEqual({
      founderName: 'Ada Founder',
      startupName: 'Acme',
    });
    const noName = (
      await create(owner.token, { kind: 'outcome', id: milestone().id, showFounderName: false })
    ).json().data;
    expect((await open(noName.token)).json().data.sharedBy).toEqual({
      founderName: null,
      startupName: 'Acme',
    });
    const anonymous = (
      await create(owner.token, {
        kind: 'outcome',
        id: milestone().id,
        showFounderName: false,
        showStartupName: false,
      })
    ).json().data;
    const page = await open(anonymous.token);
    expect(page.json().data.sharedBy).toEqual({ founderName: null, startupName: null });
    expect(page.body).not.toContain('Ada');
    expect(page.body).not.toContain('Acme');
  });
});

describe('a shared outcome', () => {
  let step: Step;
  let file: Attachment;
  let image: Attachment;
  let token: string;
  beforeAll(async () => {
    const missions = milestone().userMission;
    step = missions.flatMap((m) => m.userStep).find((s) => s.worksheet?.fields.length)!;
    const [first, second] = step.worksheet!.fields;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/worksheet`,
      headers: bearer(owner.token),
      payload: {
        answers: {
          [first!.key]: 'Busy founders lose track of investor updates',
          ...(second ? { [second.key]: '  ' } : {}),
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const missionId = missions[0]!.id;
    file = (await upload(t.app, owner.token, missionId, { name: 'deck.pdf', data: PDF })).json().data;
    await upload(t.app, owner.token, missionId, { name: 'notes.docx', data: DOCX });
    image = (await upload(t.app, owner.token, missionId, { name: 'board.png', data: PNG })).json().data;
    token = (await create(owner.token, { kind: 'outcome', id: milestone().id })).json().data.token;
  });

  it('shows the filled worksheet answers inline under their mission, with labels', async () => {
    const data = (await open(token)).json().data as Extract<Preview, { kind: 'outcome' }>;
    const mission = program.userMilestone[0]!.userMission.find((m) =>
      m.userStep.some((s) => s.id === step.id),
    )!;
    const shared = data.missions.find((m) => m.name === mission.name)!;
    expect(shared.answers).toContainEqual({
      label: step.worksheet!.fields[0]!.label,
      answer: 'Busy founders lose track of investor updates',
    });
    // Blank answers are left out.
    expect(shared.answers.every((a) => a.answer.trim().length > 0)).toBe(true);
    expect(data.expiresAt).toEqual(expect.any(String));
  });

  it('downloads the files of the milestone through the link, and nothing else', async () => {
    const data = (await open(token)).json().data as Extract<Preview, { kind: 'outcome' }>;
    const files = data.missions.flatMap((m) => m.attachments);
    const pdf = files.find((f) => f.fileName === 'deck.pdf')!;
    expect(pdf.downloadUrl).toBe(`/api/preview/${token}/files/${file.id}`);
    const bytes = await t.app.inject({ method: 'GET', url: pdf.downloadUrl });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    expect(bytes.headers['content-disposition']).toMatch(/^attachment; filename="deck.pdf"/);
    const inline = await t.app.inject({ method: 'GET', url: `${pdf.downloadUrl}?inline=1` });
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="deck.pdf"/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    // Framed by the preview page only.
    expect(inline.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(bytes.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Only PDFs and images show in place; any other file stays a download.
    const docx = files.find((f) => f.fileName === 'notes.docx')!;
    expect(
      (await t.app.inject({ method: 'GET', url: `${docx.downloadUrl}?inline=1` })).headers[
        'content-disposition'
      ],
    ).toMatch(/^attachment;/);
    const png = files.find((f) => f.fileName === 'board.png')!;
    expect((await t.app.inject({ method: 'GET', url: png.downloadUrl })).headers['content-type']).toBe(
      'image/png',
    );

    // Another user's file, a file of another milestone's mission, or a made-up id: all not found.
    const foreignMission = (await programOf(t.app, other.token)).userMilestone[0]!.userMission[0]!.id;
    const foreign = (await upload(t.app, other.token, foreignMission, { name: 'x.pdf', data: PDF })).json()
      .data as Attachment;
    for (const id of [foreign.id, '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d', 'not-an-id'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/preview/${token}/files/${id}` })).statusCode,
      ).toBe(404);
    // An attachment link does not open the outcome route, nor the reverse.
    const single = (await create(owner.token, { kind: 'attachment', id: image.id })).json().data.token;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/preview/${single}/files/${image.id}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/preview/${token}/file` })).statusCode).toBe(404);

    // Once revoked, the files close with the page.
    await t.app.inject({ method: 'DELETE', url: `/api/shares/${token}`, headers: bearer(owner.token) });
    expect((await t.app.inject({ method: 'GET', url: pdf.downloadUrl })).statusCode).toBe(404);
  });
});

import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProgramPack } from '../../src/content/program-pack.js';
import { contentDir } from '../../src/lib/paths.js';
import { detailPaths, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { copyOf, KEY, studio } from './authoring-support.js';
import { programOf } from './helpers.js';

/* Exporting a version as a pack and importing packs back, as a draft or as a version (decision 042). */

let t: TestApp;
let manager: Awaited<ReturnType<typeof personWith>>;
let api: ReturnType<typeof studio>;
beforeAll(async () => {
  t = await createTestApp();
  manager = await personWith(t.app, ['admin']);
  api = studio(t.app, manager.token);
});
afterAll(async () => t.close());

async function exported(version: number) {
  const res = await api.exportVersion(version);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { format: string; contentHash: string; program: ProgramDocument };
}

describe('program packs', () => {
  it('exports the shipped version as the pack the files make: importing it back changes nothing', async () => {
    const pack = await exported(1);
    expect(pack.format).toBe('liftoff-program-pack/1');
    const [stored] = (await api.versions()).json().data;
    expect(pack.contentHash).toBe(stored.contentHash);
    const res = await api.importPack({ as: 'version', program: pack.program });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'unchanged',
      contentHash: pack.contentHash,
      version: { version: 1 },
      foundersMoved: 0,
    });
  });

  it('imports an edited pack as a new version, and exporting that version gives back the same pack', async () => {
    const founder = await readyUser(t.app);
    const program = copyOf((await exported(1)).program);
    program.version = 2;
    program.milestones[0]!.missions[0]!.steps[0]!.title = 'Fall for the problem, not your idea';
    const unsaid = await api.importPack({ as: 'version', program });
    expect(unsaid.statusCode).toBe(400);
    expect(detailPaths(unsaid.json())).toEqual(['summary']);

    const res = await api.importPack({ as: 'version', program, summary: 'A sharper first step title' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'created',
      version: { version: 2, changeSummary: 'A sharper first step title', publishedBy: 'Ada Founder' },
    });
    // The founder, and the admin whose account also went through onboarding.
    expect(res.json().data.foundersMoved).toBeGreaterThanOrEqual(1);
    const first = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!.userStep[0]!;
    expect(first.title).toBe('Fall for the problem, not your idea');

    const pack = await exported(2);
    expect(pack.program).toEqual(program);
    expect(pack.contentHash).toBe(res.json().data.contentHash);
    const again = await api.importPack({ as: 'version', program: pack.program });
    expect(again.json().data).toMatchObject({ outcome: 'unchanged', contentHash: pack.contentHash });
  });

  it('refuses other content under a stored version, an older version, and a pack the schema refuses', async () => {
    const program = copyOf((await exported(2)).program);
    program.name = 'Venture Foundations, renamed';
    expect((await api.importPack({ as: 'version', program, summary: 'x' })).statusCode).toBe(409);
    expect(
      (await api.importPack({ as: 'version', program: { ...program, version: 1 }, summary: 'x' })).statusCode,
    ).toBe(409);
    program.milestones[2]!.missions[0]!.steps[1]!.type = 'QUIZ' as 'TOOL';
    const bad = await api.importPack({ as: 'version', program, summary: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['program.milestones.2.missions.0.steps.1.type']);
    expect((await api.versions()).json().data).toHaveLength(2);
  });

  it('imports a pack as the draft, which publishing then turns into the next version', async () => {
    const program = copyOf((await exported(2)).program);
    program.summary = 'Twelve weeks from idea to paying customers.';
    const res = await api.importPack({ as: 'draft', program });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: 'draft', version: null });
    expect((await api.draft()).json().data).toMatchObject({ basedOnVersion: 2, document: program });
    const published = await api.publish('Shorter summary');
    expect(published.statusCode, published.body).toBe(201);
    expect((await exported(3)).program).toEqual({ ...program, version: 3 });
  });

  it('still imports the shipped pack on start without touching the published versions', async () => {
    const before = (await api.versions()).json().data;
    const result = await importProgramPack(t.app.db, contentDir);
    expect(result.programs).toEqual([{ key: KEY, version: 1, outcome: 'unchanged' }]);
    expect((await api.versions()).json().data).toEqual(before);
  });

  it('writes the audit log for each import', async () => {
    const { entries } = await t.app.audit.list({ actorId: manager.user.id, page: 1, pageSize: 100 });
    expect(entries.map((e) => e.action).sort()).toEqual([
      'program.draft_imported',
      'program.imported',
      'program.published',
    ]);
  });
});

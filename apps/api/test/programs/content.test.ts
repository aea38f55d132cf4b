import type { Program } from '@liftoff/contracts/programs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProgramPack } from '../../src/content/program-pack.js';
import { ExpertsContentError } from '../../src/features/experts/import.js';
import { ProgramsContentError, type ContentProblem } from '../../src/features/programs/import.js';
import { contentDir } from '../../src/lib/paths.js';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { nextStep, programOf } from './helpers.js';

let t: TestApp;
const temporary: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const MISSION = 'programs/venture-foundations/milestones/01-problem-discovery/missions/01-frame-the-problem';
const MILESTONE = 'programs/venture-foundations/milestones/01-problem-discovery/milestone.yaml';

/** A copy of the real pack to break or change. */
function packCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-pack-'));
  temporary.push(dir);
  for (const part of ['programs', 'experts', 'icons', 'templates'])
    cpSync(path.join(contentDir, part), path.join(dir, part), { recursive: true });
  return dir;
}
const edit = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));

async function problemsOf(dir: string): Promise<ContentProblem[]> {
  try {
    await importProgramPack(t.app.db, dir);
  } catch (error) {
    if (error instanceof ProgramsContentError || error instanceof ExpertsContentError) return error.problems;
    throw error;
  }
  throw new Error('the pack was accepted');
}

describe('content pack validation', () => {
  it('names the file and field of a missing field', async () => {
    const dir = packCopy();
    edit(dir, `${MISSION}/mission.yaml`, (text) => text.replace(/^name: .*\n/m, ''));
    expect(await problemsOf(dir)).toEqual([
      { file: `${MISSION}/mission.yaml`, field: 'name', message: 'required' },
    ]);
  });

  it('names an unknown expert key', async () => {
    const dir = packCopy();
    edit(dir, MILESTONE, (text) => text.replace('expert: maya-okafor', 'expert: nobody-here'));
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      {
        file: MILESTONE,
        field: 'expert',
        message: 'unknown expert "nobody-here" (no experts/nobody-here.yaml)',
      },
    ]);
    expect(() => {
      throw new ProgramsContentError(problems);
    }).toThrow(`${MILESTONE}: expert: unknown expert "nobody-here"`);
  });

  it('names a missing step file', async () => {
    const dir = packCopy();
    rmSync(path.join(dir, MISSION, 'steps/02-problem-statement.md'));
    expect(await problemsOf(dir)).toEqual([
      {
        file: `${MISSION}/mission.yaml`,
        field: 'steps[1]',
        message: `no such file: ${MISSION}/steps/02-problem-statement.md`,
      },
    ]);
  });

  it('names a wrong type and an unknown field, all at once', async () => {
    const dir = packCopy();
    edit(dir, 'programs/venture-foundations/program.yaml', (text) =>
      text.replace('version: 1', "version: 'one'").concat('colour: blue\n'),
    );
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: 'programs/venture-foundations/program.yaml',
          field: 'version',
          message: expect.stringContaining('number'),
        },
        { file: 'programs/venture-foundations/program.yaml', field: 'colour', message: 'unknown field' },
      ]),
    );
  });

  it('refuses a step with a worksheet on a CONTENT step', async () => {
    const dir = packCopy();
    edit(dir, `${MISSION}/steps/01-fall-in-love-with-the-problem.md`, (text) =>
      text.replace(
        'type: CONTENT',
        'type: CONTENT\nworksheet:\n  fields:\n    - { key: a, label: A, kind: text, help: h }',
      ),
    );
    expect(await problemsOf(dir)).toEqual([
      {
        file: `${MISSION}/steps/01-fall-in-love-with-the-problem.md`,
        field: 'worksheet',
        message: 'must be absent for a CONTENT step',
      },
    ]);
  });
});

describe('versions', () => {
  it('keeps progress on re-import of the same version, refuses a structural change without a new version, and gives a new version only to new enrolments', async () => {
    const early = await readyUser(t.app);
    let program = await programOf(t.app, early.token);
    const firstStep = program.userMilestone[0]!.userMission[0]!.userStep[0]!;
    expect((await nextStep(t.app, early.token, firstStep.id)).statusCode).toBe(200);

    // The same pack again: nothing changes.
    const again = await importProgramPack(t.app.db, contentDir);
    expect(again.programs).toEqual([{ key: 'venture-foundations', version: 1, outcome: 'unchanged' }]);
    program = await programOf(t.app, early.token);
    expect(program.userMilestone[0]!.userMission[0]!.userStep[0]).toMatchObject({
      id: firstStep.id,
      status: 'COMPLETED',
    });

    // Same version, reworded: texts refresh in place, progress stays.
    const reworded = packCopy();
    edit(reworded, `${MISSION}/mission.yaml`, (text) =>
      text.replace('name: Frame the problem', 'name: Frame the problem clearly'),
    );
    expect((await importProgramPack(t.app.db, reworded)).programs[0]!.outcome).toBe('texts-updated');
    program = await programOf(t.app, early.token);
    expect(program.userMilestone[0]!.userMission[0]).toMatchObject({ name: 'Frame the problem clearly' });
    expect(program.userMilestone[0]!.userMission[0]!.userStep[0]!.status).toBe('COMPLETED');

    // Same version, a step removed: refused, naming the version.
    const restructured = packCopy();
    rmSync(path.join(restructured, MISSION, 'steps/03-assumption-map.md'));
    edit(restructured, `${MISSION}/mission.yaml`, (text) => text.replace('  - 03-assumption-map.md\n', ''));
    edit(restructured, `${MISSION}/mission.yaml`, (text) =>
      text.replace('steps:\n', 'steps:\n  - 04-extra.md\n'),
    );
    writeFileSync(
      path.join(restructured, MISSION, 'steps/04-extra.md'),
      '---\nkey: extra\ntitle: Extra\ntype: CONTENT\nestimatedMinutes: 5\n---\nRead this.\n',
    );
    const problems = await problemsOf(restructured);
    expect(problems).toEqual([
      {
        file: 'programs/venture-foundations/program.yaml',
        field: 'version',
        message: expect.stringContaining('raise the version'),
      },
    ]);

    // The same change as version 2: existing founders keep version 1, new ones get version 2.
    edit(restructured, 'programs/venture-foundations/program.yaml', (text) =>
      text.replace('version: 1', 'version: 2'),
    );
    expect((await importProgramPack(t.app.db, restructured)).programs[0]).toEqual({
      key: 'venture-foundations',
      version: 2,
      outcome: 'created',
    });
    program = await programOf(t.app, early.token);
    expect(program.version).toBe(1);
    expect(program.userMilestone[0]!.userMission[0]!.userStep.map((s) => s.key)).toEqual([
      'fall-in-love-with-the-problem',
      'problem-statement',
      'assumption-map',
    ]);
    expect(program.userMilestone[0]!.userMission[0]!.userStep[0]!.status).toBe('COMPLETED');
    const late = await readyUser(t.app);
    const newer: Program = await programOf(t.app, late.token);
    expect(newer.version).toBe(2);
    expect(newer.userMilestone[0]!.userMission[0]!.userStep.map((s) => s.key)).toEqual([
      'extra',
      'fall-in-love-with-the-problem',
      'problem-statement',
    ]);
  });
});

import type { Program, Step } from '@liftoff/contracts/programs';
import type { ProgramDocument, ProgramDraft } from '@liftoff/contracts/programs-authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { copyOf, KEY, studio } from './authoring-support.js';
import { get, nextStep, PDF, programOf, upload } from './helpers.js';

/*
 * A manager edits the program's draft and publishes it while founders stand at different points of
 * version 1; each founder keeps their progress (decision 042).
 */

let t: TestApp;
let manager: Awaited<ReturnType<typeof personWith>>;
let api: ReturnType<typeof studio>;
beforeAll(async () => {
  t = await createTestApp();
  manager = await personWith(t.app, ['manager']);
  api = studio(t.app, manager.token);
});
afterAll(async () => t.close());

type Founder = Awaited<ReturnType<typeof readyUser>>;
type Mission = Program['userMilestone'][number]['userMission'][number];
const NEW_TITLE = 'Write the problem statement your customers would sign';
const NEW_BODY = 'Start from what you heard in interviews, **not** from your product.';

const firstMission = (program: Program): Mission => program.userMilestone[0]!.userMission[0]!;
const stepNamed = (mission: Mission, key: string): Step => mission.userStep.find((s) => s.key === key)!;
const states = (mission: Mission) =>
  mission.userStep.map((s) => `${s.key}:${s.doLater ? 'LATER' : s.status}`);

async function saveAnswers(token: string, stepId: string, answers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/userStep/${stepId}/worksheet`,
    headers: bearer(token),
    payload: { answers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function auditActions() {
  const { entries } = await t.app.audit.list({ actorId: manager.user.id, page: 1, pageSize: 100 });
  return entries.map((e) => e.action);
}

/** Version 2: the problem statement reworded, the assumption map replaced by a new step at the end. */
function version2(document: ProgramDocument): ProgramDocument {
  const next = copyOf(document);
  const mission = next.milestones[0]!.missions[0]!;
  const statement = mission.steps.find((s) => s.key === 'problem-statement')!;
  statement.title = NEW_TITLE;
  statement.body = NEW_BODY;
  mission.steps = [
    ...mission.steps.filter((s) => s.key !== 'assumption-map'),
    {
      key: 'riskiest-assumption',
      title: 'Pick the one assumption that could sink you',
      type: 'CONTENT',
      estimatedMinutes: 10,
      body: 'Of everything you believe, which would end the idea if it were false?',
    },
  ];
  return next;
}

describe('program drafts', () => {
  let draft: ProgramDraft;

  it('makes the draft from the newest published version on first read, in the pack’s shape', async () => {
    const res = await api.draft();
    expect(res.statusCode, res.body).toBe(200);
    draft = res.json().data;
    expect(draft).toMatchObject({ key: KEY, basedOnVersion: 1, updatedBy: null });
    expect(draft.document).toMatchObject({ key: KEY, version: 1, name: 'Venture Foundations' });
    expect(draft.document.milestones[0]!.missions[0]!.steps.map((s) => s.key)).toEqual([
      'fall-in-love-with-the-problem',
      'problem-statement',
      'assumption-map',
    ]);
    expect((await api.draft()).json().data).toEqual(draft);
  });

  it('refuses a document the pack schema refuses, naming the field, and saves nothing', async () => {
    const bad = copyOf(draft.document);
    bad.milestones[0]!.missions[1]!.steps[2]!.title = '';
    const res = await api.saveDraft(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(detailPaths(res.json())).toEqual(['milestones.0.missions.1.steps.2.title']);

    const tooFew = copyOf(draft.document);
    tooFew.milestones[0]!.missions[0]!.steps.pop();
    const few = await api.saveDraft({ ...tooFew, colour: 'red' });
    expect(few.statusCode).toBe(400);
    expect(detailPaths(few.json()).sort()).toEqual(['colour', 'milestones.0.missions.0.steps']);

    const tool = copyOf(draft.document);
    delete tool.milestones[0]!.missions[0]!.steps[1]!.worksheet;
    tool.milestones[1]!.expert = 'nobody-we-know';
    const rules = await api.saveDraft(tool);
    expect(rules.statusCode).toBe(400);
    expect(rules.json().details).toEqual([
      { path: 'milestones.0.missions.0.steps.1.worksheet', message: 'required for a TOOL step' },
    ]);
    const expert = copyOf(draft.document);
    expert.milestones[1]!.expert = 'nobody-we-know';
    expert.milestones[0]!.missions[0]!.steps[1]!.worksheet!.template = 'missing.csv';
    const files = await api.saveDraft(expert);
    expect(files.statusCode).toBe(400);
    expect(detailPaths(files.json())).toEqual([
      'milestones.0.missions.0.steps.1.worksheet.template',
      'milestones.1.expert',
    ]);
    expect(detailPaths((await api.saveDraft({ ...draft.document, key: 'another-program' })).json())).toEqual([
      'key',
    ]);

    expect((await api.draft()).json().data).toEqual(draft);
    expect(await auditActions()).not.toContain('program.draft_saved');
  });

  it('keeps drafts away from founders: their program is unchanged and the studio routes refuse them', async () => {
    const founder = await readyUser(t.app);
    const saved = await api.saveDraft(version2(draft.document));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.updatedBy).toBe(manager.user.id);
    const statement = stepNamed(firstMission(await programOf(t.app, founder.token)), 'problem-statement');
    expect(statement.title).toBe('Write your problem statement');
    expect(statement.body).not.toContain(NEW_BODY);
    for (const url of [`/api/studio/programs/${KEY}/draft`, `/api/studio/programs/${KEY}/versions`]) {
      const res = await get(t.app, founder.token, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await auditActions()).toContain('program.draft_saved');
  });
});

describe('publishing a version with founders at several points of the program', () => {
  let fresh: Founder;
  let midway: Founder;
  let done: Founder;
  let before: Record<string, Mission>;

  beforeAll(async () => {
    [fresh, midway, done] = [await readyUser(t.app), await readyUser(t.app), await readyUser(t.app)];
    // Mid-way: the first step done, answers saved in the problem statement, an interview step put off.
    let mission = firstMission(await programOf(t.app, midway.token));
    await nextStep(t.app, midway.token, mission.userStep[0]!.id);
    await saveAnswers(midway.token, mission.userStep[1]!.id, { customer: 'Dentists in small practices' });
    const interviews = (await programOf(t.app, midway.token)).userMilestone[0]!.userMission[1]!;
    await nextStep(t.app, midway.token, interviews.userStep[0]!.id, true);
    // Done: the whole first mission, the assumption map answered, the deliverable handed in.
    mission = firstMission(await programOf(t.app, done.token));
    await nextStep(t.app, done.token, mission.userStep[0]!.id);
    await nextStep(t.app, done.token, mission.userStep[1]!.id);
    await saveAnswers(done.token, mission.userStep[2]!.id, {
      assumptions: 'We believe that dentists hate paperwork',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${mission.userStep[2]!.id}/rating`,
      headers: bearer(done.token),
      payload: { rating: 4 },
    });
    await nextStep(t.app, done.token, mission.userStep[2]!.id);
    expect(
      (await upload(t.app, done.token, mission.id, { name: 'statement.pdf', data: PDF })).statusCode,
    ).toBe(201);
    before = {};
    for (const [name, f] of Object.entries({ fresh, midway, done }))
      before[name] = firstMission(await programOf(t.app, f.token));
    expect(before.done!.status).toBe('COMPLETED');
  });

  it('refuses to publish without a change summary', async () => {
    const res = await api.publish('  ');
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res.json())).toEqual(['summary']);
    expect((await api.versions()).json().data).toHaveLength(1);
  });

  it('publishes version 2 with its summary, author and time, and moves every founder to it', async () => {
    const res = await api.publish('Reworded the problem statement; the assumption map became one question.');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.version).toMatchObject({ version: 2, publishedBy: 'Ada Founder' });
    expect(res.json().data.foundersMoved).toBeGreaterThanOrEqual(4);
    const versions = (await api.versions()).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      changeSummary: 'Reworded the problem statement; the assumption map became one question.',
      publishedBy: 'Ada Founder',
      founders: res.json().data.foundersMoved,
    });
    expect(versions[1]).toMatchObject({ changeSummary: null, founders: 0 });
    expect(Date.now() - Date.parse(versions[0].publishedAt)).toBeLessThan(60_000);
    // The draft was used up; the next read starts from version 2.
    expect((await api.draft()).json().data).toMatchObject({ basedOnVersion: 2 });
  });

  it('keeps a fresh founder where they were, with the new step locked', async () => {
    const program = await programOf(t.app, fresh.token);
    expect(program.version).toBe(2);
    expect(states(firstMission(program))).toEqual([
      'fall-in-love-with-the-problem:ONGOING',
      'problem-statement:LOCKED',
      'riskiest-assumption:LOCKED',
    ]);
  });

  it('shows a founder mid-way through a changed step its new text, with their answers and put-off step', async () => {
    const program = await programOf(t.app, midway.token);
    const mission = firstMission(program);
    expect(states(mission)).toEqual([
      'fall-in-love-with-the-problem:COMPLETED',
      'problem-statement:ONGOING',
      'riskiest-assumption:LOCKED',
    ]);
    const statement = stepNamed(mission, 'problem-statement');
    expect(statement).toMatchObject({ title: NEW_TITLE, body: NEW_BODY, index: 2 });
    expect(statement.worksheet!.answers).toEqual({ customer: 'Dentists in small practices' });
    expect(mission.userStep[0]!.completedAt).toBe(before.midway!.userStep[0]!.completedAt);
    expect(program.userMilestone[0]!.userMission[1]!.userStep[0]!.doLater).toBe(true);
    // Finishing the changed step goes on to the new one.
    expect((await nextStep(t.app, midway.token, statement.id)).json().data.nextStepId).toBe(
      mission.userStep[2]!.id,
    );
  });

  it('keeps a founder who finished the mission completed, opens the new step, and keeps the removed step in the outcome', async () => {
    const program = await programOf(t.app, done.token);
    const mission = firstMission(program);
    expect(mission.status).toBe('COMPLETED');
    expect(mission.completedAt).toBe(before.done!.completedAt);
    expect(states(mission)).toEqual([
      'fall-in-love-with-the-problem:COMPLETED',
      'problem-statement:COMPLETED',
      'riskiest-assumption:ONGOING',
    ]);
    expect(mission.attachments).toHaveLength(1);
    const outcome = await get(
      t.app,
      done.token,
      `/api/userMilestone/outcome/${program.userMilestone[0]!.id}`,
    );
    expect(outcome.statusCode, outcome.body).toBe(200);
    const removed = before.done!.userStep[2]!;
    expect(outcome.json().data.retiredSteps).toEqual([
      {
        missionKey: 'frame-the-problem',
        stepKey: 'assumption-map',
        title: removed.title,
        status: 'COMPLETED',
        doLater: false,
        rating: 4,
        answers: [
          {
            key: 'assumptions',
            label: 'All the assumptions your idea depends on',
            value: 'We believe that dentists hate paperwork',
          },
          // Filled in by the test's founder as the required field it is.
          {
            key: 'top-three',
            label: 'Your three riskiest assumptions',
            value: 'My Your three riskiest assumptions',
          },
        ],
        completedAt: removed.completedAt,
        fromVersion: 1,
        retiredAt: expect.any(String),
      },
    ]);
    // Another founder's outcome has no such history.
    const other = await programOf(t.app, fresh.token);
    const theirs = await get(t.app, fresh.token, `/api/userMilestone/outcome/${other.userMilestone[0]!.id}`);
    expect(theirs.json().data.retiredSteps).toEqual([]);
  });

  it('enrols new founders in version 2', async () => {
    const program = await programOf(t.app, (await readyUser(t.app)).token);
    expect(program.version).toBe(2);
    expect(stepNamed(firstMission(program), 'problem-statement').title).toBe(NEW_TITLE);
  });

  it('refuses to publish a draft equal to the newest version, and a missing draft', async () => {
    const res = await api.publish('Nothing changed');
    expect(res.statusCode).toBe(409);
    const unknown = await api.publish('x', 'no-such-program');
    expect(unknown.statusCode).toBe(409);
    expect((await api.versions()).json().data).toHaveLength(2);
  });

  it('writes the audit log for each change', async () => {
    const { entries } = await t.app.audit.list({ actorId: manager.user.id, page: 1, pageSize: 100 });
    expect(entries.map((e) => e.action).sort()).toEqual(['program.draft_saved', 'program.published']);
    const published = entries.find((e) => e.action === 'program.published')!;
    expect(published.after).toMatchObject({
      key: KEY,
      version: 2,
      summary: 'Reworded the problem statement; the assumption map became one question.',
    });
  });

  it('refuses a version that drops a mission a founder handed files in for, and moves nobody', async () => {
    const document = copyOf((await api.draft()).json().data.document);
    document.milestones[0]!.missions = document.milestones[0]!.missions.filter(
      (m) => m.key !== 'frame-the-problem',
    );
    expect((await api.saveDraft(document)).statusCode).toBe(200);
    const res = await api.publish('Drop framing');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('problem-discovery/frame-the-problem');
    expect((await api.versions()).json().data).toHaveLength(2);
    const program = await programOf(t.app, done.token);
    expect(program.version).toBe(2);
    expect(firstMission(program).key).toBe('frame-the-problem');
  });
});

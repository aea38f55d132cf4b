import type { ProgramDraft } from '@liftoff/contracts/programs-authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { copyOf, studio } from './authoring-support.js';
import { missionOf, nextStep, programOf } from './helpers.js';

/*
 * A step's page inserts `bodyHtml` as it comes (decision 047): whatever a program's author writes in a
 * step's Markdown, what reaches the founder can run nothing, and reads as the author meant.
 */

const HOSTILE_BODY = [
  '# Talk to five customers',
  '',
  'Ask about the **last time** it happened.',
  '',
  '## What to listen for',
  '',
  '<script>fetch("/api/auth/me")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="/overview" onclick="alert(2)">Back to your overview</a>',
  '<iframe src="https://evil.example"></iframe>',
  '',
  '[A guide](https://example.com/interviews) · [run me](javascript:alert(3)) · [elsewhere](//evil.example/x)',
  '',
  '| Who | When |',
  '| --- | --- |',
  '| Ana | Monday |',
].join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a step’s body as its page shows it', () => {
  it('is the Markdown rendered under the page’s title, with anything that could run taken out', async () => {
    const manager = await personWith(t.app, ['manager']);
    const api = studio(t.app, manager.token);
    const draft: ProgramDraft = (await api.draft()).json().data;
    const document = copyOf(draft.document);
    document.milestones[0]!.missions[0]!.steps[0]!.body = HOSTILE_BODY;
    expect((await api.saveDraft(document)).statusCode).toBe(200);
    const published = await api.publish('A step with everything an author might paste.');
    expect(published.statusCode, published.body).toBe(201);

    const founder = await readyUser(t.app);
    const mission = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!;
    const step = (await missionOf(t.app, founder.token, mission.id)).userStep[0]!;
    // The source stays as written, for anyone who edits or exports it.
    expect(step.body).toBe(HOSTILE_BODY);

    const html = step.bodyHtml;
    // The page shows the title itself; the sub-heading sits under it.
    expect(html).not.toContain('Talk to five customers');
    expect(html).toContain('<h3>What to listen for</h3>');
    expect(html).toContain('<strong>last time</strong>');
    expect(html).toContain('<td>Ana</td>');
    // Nothing that runs, loads from elsewhere or leaves through a scheme of its own.
    for (const banned of [
      '<script',
      'onerror',
      'onclick',
      '<iframe',
      'javascript:',
      'evil.example',
      'src="x"',
    ])
      expect(html).not.toContain(banned);
    // Links out open in a tab of their own, without this one; a path of this site stays a plain link.
    expect(html).toContain(
      '<a href="https://example.com/interviews" target="_blank" rel="noopener noreferrer">A guide</a>',
    );
    expect(html).toContain('<a href="/overview">Back to your overview</a>');
  });

  it('comes with the step wherever its body does', async () => {
    const founder = await readyUser(t.app);
    const program = await programOf(t.app, founder.token);
    const first = program.userMilestone[0]!.userMission[0]!;
    const fromMission = await missionOf(t.app, founder.token, first.id);
    expect(fromMission.userStep.map((s) => s.bodyHtml)).toEqual(first.userStep.map((s) => s.bodyHtml));
    expect(first.userStep.every((s) => s.bodyHtml.length > 0)).toBe(true);

    // Completing a step answers with the mission, bodies as HTML included.
    const done = await nextStep(t.app, founder.token, first.userStep[0]!.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.mission.userStep[0].bodyHtml).toBe(first.userStep[0]!.bodyHtml);
  });
});

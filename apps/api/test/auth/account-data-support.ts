import type { App } from '../../src/app.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { ask } from '../ai/support.js';
import { fillRequired, PDF, programOf, upload } from '../programs/helpers.js';

/**
 * A founder who used the product, through its own calls: a worksheet filled, a deliverable handed in, a
 * question to the coach and a message to support. `marker` is written into each, so a test can tell whose
 * data an export holds.
 */
export async function founderWithData(app: App, marker: string) {
  const account = await readyUser(app);
  const program = await programOf(app, account.token);
  const mission = program.userMilestone[0]!.userMission[0]!;
  const step = mission.userStep.find((s) => s.worksheet) ?? mission.userStep[0]!;
  await fillRequired(app, account.token, step.id);
  if (step.worksheet) {
    const key = step.worksheet.fields[0]!.key;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/worksheet`,
      headers: bearer(account.token),
      payload: { answers: { ...step.worksheet.answers, [key]: `Answer of ${marker}` } },
    });
    if (saved.statusCode !== 200) throw new Error(`worksheet: ${saved.body}`);
  }
  const file = Buffer.concat([PDF, Buffer.from(`% ${marker}\n`)]);
  const uploaded = await upload(app, account.token, mission.id, {
    name: `${marker}-plan.pdf`,
    type: 'application/pdf',
    data: file,
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  const coach = await ask(app, account.token, '/api/ai/chat/completion', {
    input: `How do I price ${marker}?`,
  });
  if (coach.res.statusCode !== 200) throw new Error(`coach: ${coach.res.body}`);
  const support = await app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: bearer(account.token),
    payload: { kind: 'CONTACT_US', subject: `About ${marker}`, message: `A question from ${marker}` },
  });
  if (support.statusCode !== 201) throw new Error(`feedback: ${support.body}`);
  return { ...account, missionId: mission.id, file };
}

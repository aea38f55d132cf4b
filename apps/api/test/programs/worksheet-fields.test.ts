import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { programOf } from './helpers.js';

describe('worksheet fields saved one at a time, with a version check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const save = (token: string, stepId: string, key: string, value: string, version: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${stepId}/answers/${key}`,
      headers: bearer(token),
      payload: { value, version },
    });

  async function toolStep(token: string) {
    const mission = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!;
    return mission.userStep.find((s) => s.type === 'TOOL')!;
  }

  it('lets two clients racing on one worksheet lose nothing: one field each, or one refused with both texts', async () => {
    const founder = await readyUser(t.app);
    const other = await login(t.app, founder.email, founder.password);
    const step = await toolStep(founder.token);

    // Different fields at once: both kept.
    const [a, b] = await Promise.all([
      save(founder.token, step.id, 'customer', 'Agencies', 0),
      save(other.token, step.id, 'problem', 'Slow month-end close', 0),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const both = (await toolStep(founder.token)).worksheet!;
    expect(both.answers).toEqual({ customer: 'Agencies', problem: 'Slow month-end close' });
    expect(both.versions?.customer).toMatchObject({ version: 1, updatedBy: founder.user.id });

    // The same field from the same version at once: exactly one wins; the other is told both texts.
    const [first, second] = await Promise.all([
      save(founder.token, step.id, 'customer', 'Finance leads at agencies', 1),
      save(other.token, step.id, 'customer', 'Bookkeepers', 1),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
    const wonText = won.json().data.worksheet.answers.customer as string;
    const refused = lost.json() as {
      code: string;
      message: string;
      details: { path: string; message: string }[];
    };
    expect(refused.code).toBe('CONFLICT');
    const detail = Object.fromEntries(refused.details.map((d) => [d.path, d.message]));
    const lostText = wonText === 'Bookkeepers' ? 'Finance leads at agencies' : 'Bookkeepers';
    expect(detail).toMatchObject({ saved: wonText, yours: lostText, version: '2' });
    expect(refused.message).toContain(wonText);
    expect(refused.message).toContain(lostText);

    // The person chooses their text and saves it from the version they were shown.
    const chosen = await save(lost === first ? founder.token : other.token, step.id, 'customer', lostText, 2);
    expect(chosen.statusCode).toBe(200);
    expect((await toolStep(founder.token)).worksheet!.answers).toEqual({
      customer: lostText,
      problem: 'Slow month-end close',
    });
  });

  it('counts a whole-worksheet save as a new version of each field it changed', async () => {
    const founder = await readyUser(t.app);
    const step = await toolStep(founder.token);
    await save(founder.token, step.id, 'customer', 'Agencies', 0);
    const whole = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/worksheet`,
      headers: bearer(founder.token),
      payload: { answers: { customer: 'Studios', problem: 'Cash' } },
    });
    expect(whole.json().data.worksheet.versions).toMatchObject({
      customer: { version: 2 },
      problem: { version: 1 },
    });
    const stale = await save(founder.token, step.id, 'customer', 'Agencies again', 1);
    expect(stale.statusCode).toBe(409);
  });

  it('names a field the worksheet does not have, and answers 404 for a step not the caller’s', async () => {
    const founder = await readyUser(t.app);
    const stranger = await readyUser(t.app);
    const step = await toolStep(founder.token);
    const unknown = await save(founder.token, step.id, 'nope', 'x', 0);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'answers.nope', message: 'Unknown field' }]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/answers/customer`,
      headers: bearer(founder.token),
      payload: { value: 'x', version: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await save(stranger.token, step.id, 'customer', 'x', 0)).statusCode).toBe(404);
  });
});

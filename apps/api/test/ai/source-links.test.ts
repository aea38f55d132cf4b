import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ask } from './support.js';

// A coach answer's sources open the founder's own page for what they cite: the exact step, the mission (of any
// milestone, not only the current one), the milestone on the program map, the popular question itself.
let t: TestApp;
let user: Awaited<ReturnType<typeof readyUser>>;
let own: { milestones: Map<string, string>; missions: Set<string> };

beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
  user = await readyUser(t.app);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/userProgram/programs',
    headers: bearer(user.token),
  });
  const programs = res.json().data as {
    userMilestone: { id: string; name: string; userMission: { id: string }[] }[];
  }[];
  own = { milestones: new Map(), missions: new Set() };
  for (const milestone of programs.flatMap((p) => p.userMilestone)) {
    own.milestones.set(milestone.name, milestone.id);
    for (const mission of milestone.userMission) own.missions.add(mission.id);
  }
});
afterAll(async () => t.close());

/** The answer's "Sources" list as [label, link] pairs. */
async function sourcesOf(question: string): Promise<[string, string][]> {
  const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: question });
  expect(r.done).toBe(true);
  const lines = (r.text.split('**Sources**')[1] ?? '').split('\n');
  return lines.flatMap((line) => {
    const match = /^- \[(.+)\]\((.+)\)$/.exec(line.trim());
    return match ? [[match[1]!, match[2]!] as [string, string]] : [];
  });
}

describe('coach source links', () => {
  it('link a mission of a later milestone to the founder’s own mission page', async () => {
    const sources = await sourcesOf('How do I build a pitch deck that gets meetings with investors?');
    const program = sources.filter(([label]) => /^(Step|Mission):/.test(label));
    expect(program.length, JSON.stringify(sources)).toBeGreaterThan(0);
    for (const [, link] of program) {
      const missionId = /^\/mission-details\/([^/?]+)/.exec(link)?.[1];
      expect(missionId, link).toBeDefined();
      expect(own.missions.has(missionId!)).toBe(true);
    }
  });

  it('link a milestone to that milestone on the program map', async () => {
    const sources = await sourcesOf('Why is distribution where good products quietly fail?');
    const milestone = sources.find(([label]) => label === 'Milestone: Go to Market');
    expect(milestone, JSON.stringify(sources)).toBeDefined();
    expect(milestone![1]).toBe(`/programs?milestone=${own.milestones.get('Go to Market')}`);
  });

  it('link a popular question to itself, which the overview then lists first even from another milestone', async () => {
    const sources = await sourcesOf('How many customer interviews are enough before I build anything?');
    const question = sources.find(([label]) =>
      label.startsWith('Popular question: How many customer interviews'),
    );
    expect(question, JSON.stringify(sources)).toBeDefined();
    expect(question![1]).toBe('/overview?question=how-many-interviews');

    const listed = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/popularQuestion/user-popular-questions${query}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { key: string; milestoneKey: string }[]).map((q) => q.key);
    };
    const usual = await listed('');
    const fromAnotherMilestone = 'how-to-price';
    const withIt = await listed(`?question=${fromAnotherMilestone}`);
    expect(usual).not.toContain(fromAnotherMilestone);
    expect(withIt[0]).toBe(fromAnotherMilestone);
    expect(withIt.slice(1)).toEqual(usual.filter((key) => key !== fromAnotherMilestone));
    // An unknown key is only a hint: the usual list, no error.
    expect(await listed('?question=no-such-question')).toEqual(usual);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/popularQuestion/user-popular-questions?question=${'x'.repeat(201)}`,
      headers: bearer(user.token),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatch(/question/);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDir } from '../../src/lib/paths.js';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ask } from './support.js';

// A representative part of the coach's evaluation set (bench/coach-eval/, all of it runs in `npm run bench`),
// asked through the API as a founder would, so that a change that makes the offline coach lead with the wrong
// step, repeat itself, or fall back to template follow-ups fails here first.
interface Item {
  id: string;
  category: string;
  ask: string | string[];
  expect?: string[];
  handling?: string;
  lang?: string;
}
interface Source {
  kind: string;
  title: string;
  url: string;
}
interface Judge {
  contentTitles(dir: string): Map<string, unknown>;
  judge(
    item: Item,
    answer: { content: string; sources: Source[] },
    titles: Map<string, unknown>,
  ): {
    ok: boolean;
    lead: string;
  };
  templateFollowUp: RegExp;
}

const evalDir = path.resolve(import.meta.dirname, '../../../../bench/coach-eval');
const items = JSON.parse(readFileSync(path.join(evalDir, 'questions.json'), 'utf8')) as Item[];
/** Every third item of the topical categories the offline coach answers on its own, and every follow-up and language. */
const subset = items.filter(
  (item, i) =>
    ['follow-ups', 'languages'].includes(item.category) ||
    (['steps', 'posts'].includes(item.category) && i % 3 === 0),
);

let t: TestApp;
let token: string;
let judging: Judge;
let titles: Map<string, unknown>;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
  token = (await readyUser(t.app)).token;
  judging = (await import(pathToFileURL(path.join(evalDir, 'judge.mjs')).href)) as Judge;
  titles = judging.contentTitles(contentDir);
});
afterAll(async () => t.close());

/** Asks a question, or a conversation's questions in turn; answers the last reply. */
async function converse(turns: string[]) {
  let r = await ask(t.app, token, '/api/ai/chat/completion', { input: turns[0] });
  for (const turn of turns.slice(1))
    r = await ask(t.app, token, `/api/ai/chat/continue/${r.events[0]!.conversationId}`, { input: turn });
  const last = r.events.at(-1)!;
  return {
    ids: last,
    content: r.text,
    sources: (last.sources ?? []) as Source[],
    followUps: last.followUpQuestions ?? [],
  };
}

describe('the coach evaluation, in part', () => {
  it(`leads with an expected step or post for at least 90 % of ${subset.length} questions, and suggests answerable follow-ups`, async () => {
    const misses: string[] = [];
    const followUps: string[] = [];
    for (const item of subset) {
      const turns = Array.isArray(item.ask) ? item.ask : [item.ask];
      const answer = await converse(turns);
      const verdict = judging.judge(item, answer, titles);
      if (!verdict.ok) misses.push(`${item.id} ${turns.at(-1)} → ${verdict.lead}`);
      followUps.push(...answer.followUps);
      // Another language is searched in English, and the answer says so.
      if (item.lang) expect(answer.content).toMatch(/answer in English/);
    }
    expect(misses.length / subset.length, misses.join('\n')).toBeLessThanOrEqual(0.1);
    expect(followUps.filter((q) => judging.templateFollowUp.test(q))).toEqual([]);
  }, 60_000);

  it('reads a follow-up with the question before it, and does not repeat the first answer', async () => {
    const first = await converse(['How do I run good customer interviews?']);
    const next = await ask(t.app, token, `/api/ai/chat/continue/${first.ids.conversationId}`, {
      input: 'How should I handle the interview notes afterwards?',
    });
    const sources = next.events.at(-1)!.sources!;
    // The interview log, the synthesis step, or the post's section on taking notes you can compare.
    expect(sources[0]!.title).toMatch(
      /Log every interview|Find the patterns across your interviews|Customer Interviews That Don't Lie/,
    );
    expect(sources[0]!.title).not.toBe(first.sources[0]!.title);
  });

  it('does not take competitors for investors, nor price tiers for a business plan', async () => {
    const rivals = await converse(['Who are my competitors and how do I compare against them?']);
    expect(rivals.sources[0]!.title).toBe('Compare yourself with the real alternatives');
    expect(rivals.sources.map((s) => s.title).join(' ')).not.toMatch(/investor/i);
    const tiers = await converse(['How many pricing tiers should we offer and what goes in each plan?']);
    expect(tiers.sources[0]!.title).toMatch(
      /^(Design simple packages|Pricing Your First Product Without Guessing)$/,
    );
    expect(tiers.sources.map((s) => s.title)).not.toContain(
      'Why a one-page business model beats a business plan',
    );
  });

  it('answers first in its own sentence, then the supporting passage, then the sources', async () => {
    const answer = await converse(['Should we take venture capital at all?']);
    const [opening] = answer.content.split('\n');
    expect(opening).toMatch(/^(\w+, )?[Ss]hort answer, from the (step|post|popular question) \*\*.+\*\*: \S/);
    expect(answer.content.indexOf('What supports it')).toBeGreaterThan(0);
    expect(answer.content.indexOf('**Sources**')).toBeGreaterThan(answer.content.indexOf('What supports it'));
  });

  it('shows no sources for a question the program does not answer', async () => {
    for (const question of [
      'What is a good recipe for lasagna?',
      'Which Zorblax webhook library works best with Kubernetes?',
    ]) {
      const answer = await converse([question]);
      expect(answer.sources, question).toEqual([]);
    }
  });

  it('gives the next best answer on retry, not the same text', async () => {
    const answer = await converse(['How should I price my product? I think we are too cheap.']);
    const { conversationId, userMessageId, responseId } = answer.ids;
    const again = await ask(
      t.app,
      token,
      `/api/ai/chat/retry/${conversationId}/${userMessageId}/${responseId}`,
    );
    const sources = again.events.at(-1)!.sources!;
    expect(again.text).not.toBe(answer.content);
    expect(sources[0]!.title).not.toBe(answer.sources[0]!.title);
    // The first answer's lead is still a source, further down.
    expect(sources.map((s) => s.title)).toContain(answer.sources[0]!.title);
  });
});

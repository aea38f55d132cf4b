import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { readyUser } from '../helpers/accounts.js';
import { ask, history } from './support.js';

// The embedded offline coach answers from the shipped program and blog, names and links what it used.
let t: TestApp;
let user: Awaited<ReturnType<typeof readyUser>>;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
  user = await readyUser(t.app);
});
afterAll(async () => t.close());

/** A question about the shipped content, and a step, mission, question or post that answers it. */
const cases: [question: string, source: RegExp, link: RegExp][] = [
  [
    'How do I ask customer interview questions people cannot lie about?',
    /Step: The Mom Test: questions people can't lie about/,
    /\/mission-details\//,
  ],
  [
    'Where do I find people to interview this week?',
    /Step: Find people to talk to this week/,
    /\/mission-details\//,
  ],
  ['How should I write a problem statement?', /Step: Write your problem statement/, /\/mission-details\//],
  [
    'How do I map and rank my riskiest assumptions?',
    /Step: Map and rank your riskiest assumptions/,
    /\/mission-details\//,
  ],
  ['What is jobs to be done?', /Jobs to be done: what are they hiring you for\?/, /\/mission-details\//],
  [
    'How do I write an ideal customer profile?',
    /Write your first Ideal Customer Profile/,
    /\/mission-details\//,
  ],
  [
    'How do I fill in a value proposition canvas?',
    /Step: Fill in your value proposition canvas/,
    /\/mission-details\//,
  ],
  ['What is an MVP and what is it not?', /What an MVP is \(and isn't\)/, /\/mission-details\//],
  [
    'Which MVP pattern should I choose, concierge or wizard of oz?',
    /Choose the right MVP pattern/,
    /\/mission-details\//,
  ],
  [
    'What are the signals of product-market fit?',
    /(Read the product-market fit signals|How to Tell If You Have Product-Market Fit)/,
    /(\/mission-details\/|\/explore\/post\/signals-of-product-market-fit)/,
  ],
  ['How do I fill in a Lean Canvas?', /Fill in your Lean Canvas/, /\/mission-details\//],
  [
    'How do I calculate CAC and LTV?',
    /(CAC and LTV: what a customer costs|Unit Economics: CAC, LTV and Payback)/,
    /(\/mission-details\/|\/explore\/post\/unit-economics-cac-ltv)/,
  ],
  [
    'How do I choose marketing channels with the Bullseye framework?',
    /The Bullseye framework for choosing channels/,
    /\/mission-details\//,
  ],
  ['How do I write a positioning statement?', /Write your positioning/, /\/mission-details\//],
  ['What is a message house?', /Build your message house/, /\/mission-details\//],
  ['How should I write an outbound email sequence?', /Write your outbound sequence/, /\/mission-details\//],
  [
    'How do I run discovery calls that qualify leads?',
    /Run discovery calls that qualify/,
    /\/mission-details\//,
  ],
  [
    'How do SAFEs, caps and dilution work?',
    /(SAFEs, caps and dilution in plain language|SAFEs Explained)/,
    /(\/mission-details\/|\/explore\/post\/safes-explained)/,
  ],
  ['What goes into a lightweight data room?', /Prepare a lightweight data room/, /\/mission-details\//],
  [
    'What is the structure of a seed pitch deck?',
    /(The structure of a seed pitch deck|A Pitch Deck That Gets You the Second Meeting)/,
    /(\/mission-details\/|\/explore\/post\/pitch-deck-that-gets-meetings)/,
  ],
  [
    'How do I calculate runway and burn and become default alive?',
    /Post: Runway, Burn and Being Default Alive/,
    /\/explore\/post\/runway-and-burn/,
  ],
  [
    'How should cofounders split equity?',
    /Post: Splitting Equity With Your Cofounders/,
    /\/explore\/post\/splitting-cofounder-equity/,
  ],
  [
    'How do I solve the marketplace cold-start problem?',
    /Post: Solving the Marketplace Cold-Start Problem/,
    /\/explore\/post\/marketplace-cold-start/,
  ],
  [
    'When should I make my first sales hire?',
    /Post: Making Your First Sales Hire/,
    /\/explore\/post\/your-first-sales-hire/,
  ],
  [
    'How do I read retention cohorts?',
    /Post: Retention Cohorts, Explained Simply/,
    /\/explore\/post\/retention-cohorts-explained/,
  ],
  [
    'How many customer interviews are enough before I build anything?',
    /Popular question: How many customer interviews are enough/,
    /\/overview\?question=how-many-interviews/,
  ],
];

describe('the offline coach', () => {
  it.each(cases)('%s', async (question, source, link) => {
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: question });
    expect(r.done).toBe(true);
    expect(r.events.every((e) => !e.error)).toBe(true);
    // The reply names the source and links it (steps to the user's own step page, posts to the blog).
    const sourceLines = r.text.split('**Sources**')[1] ?? '';
    const line = sourceLines.split('\n').find((l) => source.test(l));
    expect(line, `sources of "${question}":\n${sourceLines}`).toBeDefined();
    expect(line).toMatch(link);
    // Personal: the founder and the startup are named.
    expect(r.text).toContain('Ada');
    expect(r.text).toContain('Acme');
    const followUps = r.events.at(-1)!.followUpQuestions!;
    expect(followUps.length).toBeGreaterThanOrEqual(2);
    expect(followUps.length).toBeLessThanOrEqual(4);
    expect(followUps).not.toContain(question);
  });

  it('saves the reply with its sources and names the session after the first question', async () => {
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', {
      input: 'How do I design simple pricing packages?',
    });
    const h = await history(t.app, user.token, r.events[0]!.conversationId);
    const answer = h.data.items[1];
    expect(answer.content).toBe(r.text);
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources[0]).toEqual({
      kind: expect.any(String),
      title: expect.any(String),
      url: expect.stringMatching(/^\//),
    });
    // The stream's last event names the same sources, so the workspace shows them at once.
    expect(r.events.at(-1)!.sources).toEqual(answer.sources);
    expect(h.data.conversation.title).toBe('How do I design simple pricing packages');
  });

  it('says plainly when the program does not cover a question', async () => {
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'zzqx blorf wibble' });
    expect(r.text).toMatch(/could not find anything about that/);
    expect(r.text).toMatch(/offline coach/);
    expect(r.events.at(-1)!.followUpQuestions!.length).toBeGreaterThanOrEqual(2);
  });

  it('tells the web app it is the offline coach', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ai/capabilities',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.chatModel).toEqual({
      provider: 'offline',
      model: 'liftoff-offline-coach',
      offline: true,
    });
    expect(res.json().data.tts).toEqual({ engine: 'espeak' });
  });
});

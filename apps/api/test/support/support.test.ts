import type { ContactUsSetting, PopularQuestion, TutorialSetting } from '@liftoff/contracts/support';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createSupportService } from '../../src/features/support/service.js';
import { feedback } from '../../src/features/support/tables.js';
import { contentDir } from '../../src/lib/paths.js';
import { bearer, detailPaths, mailbox, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const SUPPORT = 'support-desk@liftoff.test';
const pack = parse(readFileSync(path.join(contentDir, 'popular-questions.yaml'), 'utf8')) as {
  key: string;
  milestone: string;
  askCount: number;
}[];
const mostAsked = (items: typeof pack) =>
  [...items].sort((a, b) => b.askCount - a.askCount || a.key.localeCompare(b.key)).map((q) => q.key);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => t?.close());

describe('popular questions', () => {
  it("answers the founder's current milestone's questions, most asked first, with answers", async () => {
    const user = await readyUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/popularQuestion/user-popular-questions',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Popular Questions Fetched Successfully.');
    const questions = res.json().data as PopularQuestion[];
    expect(questions.map((q) => q.key)).toEqual(
      mostAsked(pack.filter((q) => q.milestone === 'problem-discovery')),
    );
    expect(questions[0]).toMatchObject({ milestoneKey: 'problem-discovery', askCount: expect.any(Number) });
    expect(questions[0]!.answer.length).toBeGreaterThan(100);
  });

  it('falls back to the most asked overall for a founder without an ongoing milestone', async () => {
    const user = await verifiedUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/popularQuestion/user-popular-questions',
      headers: bearer(user.token),
    });
    const keys = (res.json().data as PopularQuestion[]).map((q) => q.key);
    expect(keys).toEqual(mostAsked(pack).slice(0, 8));
    expect(new Set((res.json().data as PopularQuestion[]).map((q) => q.milestoneKey)).size).toBeGreaterThan(
      1,
    );
  });

  it('follows whichever milestone the programs feature reports', async () => {
    const service = createSupportService({
      db: t.app.db,
      mailer: t.app.mailer,
      limiter: t.app.limiter,
      log: t.app.log,
      supportEmail: SUPPORT,
      currentMilestoneKey: async () => 'fundraising',
    });
    expect((await service.popularQuestions('any')).map((q) => q.key)).toEqual(
      mostAsked(pack.filter((q) => q.milestone === 'fundraising')),
    );
  });
});

describe('settings', () => {
  it('answers CONTACT_US and TUTORIAL from the content pack; anything else is a 404', async () => {
    const user = await readyUser(t.app);
    const get = (type: string) =>
      t.app.inject({ method: 'GET', url: `/api/setting/type/${type}`, headers: bearer(user.token) });
    const contact = await get('CONTACT_US');
    expect(contact.statusCode).toBe(200);
    expect(contact.json().message).toBe('Settings Fetched Successfully.');
    const us = contact.json().data as ContactUsSetting;
    expect(us).toMatchObject({
      type: 'CONTACT_US',
      email: 'support@liftoff.example',
      hours: { timezone: 'Europe/London' },
      responseTime: { hours: 24 },
    });
    expect(us.channels.map((c) => c.url)).toContain('mailto:support@liftoff.example');

    const tutorial = (await get('TUTORIAL')).json().data as TutorialSetting;
    expect(tutorial.type).toBe('TUTORIAL');
    expect(tutorial.items.map((i) => i.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tutorial.items[2]).toMatchObject({
      title: 'Ask an expert',
      media: { kind: 'image', url: '/api/content/tutorial/experts.svg' },
    });

    for (const type of ['PRIVACY', 'contact_us', 'TUTORIALS']) {
      const res = await get(type);
      expect(res.statusCode, type).toBe(404);
      expect(res.json().message).toMatch(/There is no such setting/);
    }
  });
});

describe('feedback', () => {
  it("is stored and e-mailed to the support address with the sender's e-mail", async () => {
    const user = await readyUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: bearer(user.token),
      payload: {
        kind: 'CONTACT_US',
        subject: 'Upload fails',
        message: 'My deck upload stops at 90%.',
        page: '/mission-deliverable/abc',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thank you! Your message has been sent to our team.');
    const id = res.json().data.id as string;
    const [row] = await t.app.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      userId: user.user.id,
      kind: 'CONTACT_US',
      subject: 'Upload fails',
      page: '/mission-deliverable/abc',
      email: user.email,
    });
    const mail = (await mailbox(t.app, SUPPORT)).find((m) => m.text.includes(id))!;
    expect(mail.subject).toBe('[Contact us] Upload fails');
    for (const text of [user.email, 'My deck upload stops at 90%.', '/mission-deliverable/abc'])
      expect(mail.text).toContain(text);
  });

  it('refuses an unknown kind, empty fields and unknown fields, naming them', async () => {
    const user = await readyUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: bearer(user.token),
      payload: { kind: 'COMPLAINT', subject: '', message: '   ', rating: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res.json())).toEqual(['kind', 'message', 'rating', 'subject']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/feedback',
          payload: { kind: 'TUTORIAL', subject: 's', message: 'm' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('feedback rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => limited?.close());

  it('allows 5 messages per account per 15 minutes and 10 per address per minute', async () => {
    const [a, b] = [await readyUser(limited.app), await readyUser(limited.app)];
    const send = (token: string, n: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: bearer(token),
        payload: { kind: 'TUTORIAL', subject: `Note ${n}`, message: 'The video does not play.' },
      });
    for (let n = 1; n <= 5; n++) expect((await send(a.token, n)).statusCode).toBe(201);
    const sixth = await send(a.token, 6);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'You have sent several messages in a short time. Please wait a few minutes before sending another.',
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    // Another account is not held back by the first one's limit…
    for (let n = 1; n <= 4; n++) expect((await send(b.token, n)).statusCode).toBe(201);
    // …until the address has sent 10 requests this minute.
    const ipLimited = await send(b.token, 5);
    expect(ipLimited.statusCode).toBe(429);
    expect(ipLimited.json().message).toMatch(/^Too many requests/);
    expect(await limited.app.db.select().from(feedback)).toHaveLength(9);
  });
});

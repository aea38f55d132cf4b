import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { founderWithData } from './account-data-support.js';

interface ExportFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  encoding: string;
  content: string | null;
}

describe('exporting all my data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const download = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/account/export', headers: bearer(token) });

  it("holds the founder's profile, progress, worksheets, files, coach conversations and questions, and nobody else's", async () => {
    const mine = await founderWithData(t.app, 'marker-alpha');
    const theirs = await founderWithData(t.app, 'marker-bravo');

    const res = await download(mine.token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="liftoff-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = JSON.parse(res.body) as Record<string, unknown> & {
      profile: { id: string; email: string };
      files: ExportFile[];
      worksheets: { answers: Record<string, string> }[];
      programs: unknown[];
      coachConversations: { messages: { content: string }[] }[];
      supportQuestions: { subject: string }[];
    };
    expect(data.format).toBe('liftoff-account-export');
    expect(data.profile).toMatchObject({ id: mine.user.id, email: mine.email });
    expect(data.programs.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.worksheets)).toContain('Answer of marker-alpha');
    expect(data.coachConversations[0]!.messages.map((m) => m.content).join(' ')).toContain('marker-alpha');
    expect(data.supportQuestions.map((q) => q.subject)).toEqual(['About marker-alpha']);
    for (const section of ['meetings', 'expertQuestions', 'notifications', 'deliverables', 'sessions'])
      expect(data, section).toHaveProperty(section);

    // The handed-in file, whole, inside the JSON.
    expect(data.files).toHaveLength(1);
    const [file] = data.files;
    expect(file).toMatchObject({
      name: 'marker-alpha-plan.pdf',
      mimeType: 'application/pdf',
      encoding: 'base64',
    });
    expect(Buffer.from(file!.content!, 'base64').equals(mine.file)).toBe(true);

    // Nothing of the other founder, and nothing only the server may read.
    for (const other of ['marker-bravo', theirs.email, theirs.user.id]) expect(res.body).not.toContain(other);
    for (const secret of ['passwordHash', 'tokenHash', 'codeHash', 'storageKey', 'twoFactorSecret'])
      expect(res.body).not.toContain(secret);
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/account/export' })).statusCode).toBe(401);
  });
});

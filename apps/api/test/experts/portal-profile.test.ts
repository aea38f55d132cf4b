import type { MyProfile } from '@liftoff/contracts/experts-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { expertsRepository } from '../../src/features/experts/repository.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { multipartBody } from '../helpers/multipart.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock } from './helpers.js';

let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

async function expertAccount() {
  const profile = await addExpert(t.app, {}, { bookingUrl: 'https://cal.example/pack' });
  const person = await personWith(t.app, ['expert'], { twoFactor: false });
  await portalRepository(t.app.db).link(profile.id, person.user.id);
  return { token: person.token, profile };
}

const edits = {
  headline: 'Pricing for B2B SaaS',
  bio: 'Ten years of pricing pages.',
  expertise: ['pricing', 'packaging'],
  languages: ['English', 'German'],
  bookingUrl: 'https://cal.example/erin',
};

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (token: string, file: Parameters<typeof multipartBody>[0]) => {
  const body = multipartBody(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/expert-portal/profile/photo',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/expert-portal/profile', headers: bearer(token), payload });
const get = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/expert-portal/profile', headers: bearer(token) });

describe('the expert edits their own profile', () => {
  it('saves bio, expertise, languages and booking link, shows them to founders, and a re-import keeps them', async () => {
    const expert = await expertAccount();
    const before = (await get(expert.token)).json().data as MyProfile;
    expect(before).toMatchObject({
      headline: 'Test expert',
      bookingUrl: 'https://cal.example/pack',
      editedAt: null,
    });

    const res = await put(expert.token, edits);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...edits, editedAt: expect.any(String) });

    // Founders see the new profile in the experts list.
    const founder = (await readyUser(t.app)).token;
    const list = await t.app.inject({ method: 'GET', url: '/api/expert', headers: bearer(founder) });
    const shown = (
      list.json().data as { id: string; expertMeta: { bio: string; expertise: string[] }[] }[]
    ).find((e) => e.id === expert.profile.id);
    expect(shown?.expertMeta[0]).toMatchObject({ bio: edits.bio, expertise: edits.expertise });

    // The content import upserts the pack's version again: the expert's fields stay, linkedin follows the pack.
    const { id: _id, createdAt: _c, updatedAt: _u, ...packRow } = expert.profile;
    await expertsRepository(t.app.db).upsert({
      ...packRow,
      expertMeta: { ...packRow.expertMeta, bio: 'Pack bio', linkedin: 'https://www.linkedin.com/in/new' },
      bookingUrl: 'https://cal.example/pack2',
    });
    const after = await expertsRepository(t.app.db).findById(expert.profile.id);
    const { bookingUrl: _b, ...metaEdits } = edits;
    expect(after?.expertMeta).toEqual({ ...metaEdits, linkedin: 'https://www.linkedin.com/in/new' });
    expect(after?.bookingUrl).toBe(edits.bookingUrl);
  });

  it('a profile never edited still follows the pack on re-import', async () => {
    const expert = await expertAccount();
    const { id: _id, createdAt: _c, updatedAt: _u, ...packRow } = expert.profile;
    await expertsRepository(t.app.db).upsert({
      ...packRow,
      expertMeta: { ...packRow.expertMeta, bio: 'Pack bio' },
    });
    expect((await get(expert.token)).json().data.bio).toBe('Pack bio');
  });

  it('clears the booking link with null', async () => {
    const expert = await expertAccount();
    const res = await put(expert.token, { ...edits, bookingUrl: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bookingUrl).toBeNull();
  });

  it.each([
    ['headline', { headline: '' }],
    ['bio', { bio: 'x'.repeat(5001) }],
    ['expertise.1', { expertise: ['pricing', ''] }],
    ['languages', { languages: 'English' }],
    ['bookingUrl', { bookingUrl: 'http://cal.example/plain' }],
    ['bookingUrl', { bookingUrl: 'javascript:alert(1)' }],
  ])('bad input answers 400 naming %s', async (field, change) => {
    const expert = await expertAccount();
    const res = await put(expert.token, { ...edits, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(`"${field}"`);
  });

  it('reaches only the caller’s own profile; a founder is refused and an unlinked expert gets 404', async () => {
    const one = await expertAccount();
    const two = await expertAccount();
    await put(one.token, edits);
    expect((await get(two.token)).json().data.bio).toBe('Bio');
    const founder = (await readyUser(t.app)).token;
    expect((await put(founder, edits)).statusCode).toBe(403);
    expect((await get(founder)).statusCode).toBe(403);
    const unlinked = await personWith(t.app, ['expert'], { twoFactor: false });
    expect((await get(unlinked.token)).statusCode).toBe(404);
    expect((await put(unlinked.token, edits)).statusCode).toBe(404);
  });

  it('uploads a photo checked by its bytes; founders see it, a re-import keeps it', async () => {
    const expert = await expertAccount();
    const res = await upload(expert.token, { name: 'me.png', type: 'image/png', data: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json().data as MyProfile).profileImageUrl;
    expect(url).toMatch(/^\/api\/experts\/photos\/[a-z0-9-]+\.png$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const { id: _id, createdAt: _c, updatedAt: _u, ...packRow } = expert.profile;
    await expertsRepository(t.app.db).upsert(packRow);
    expect((await get(expert.token)).json().data.profileImageUrl).toBe(url);

    // A text file named .png, and a form without the file, change nothing.
    const fake = await upload(expert.token, {
      name: 'me.png',
      type: 'image/png',
      data: Buffer.from('not an image'),
    });
    expect(fake.statusCode).toBe(415);
    const missing = await upload(expert.token, null);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('"file"');
    expect((await get(expert.token)).json().data.profileImageUrl).toBe(url);
    // A founder cannot upload.
    const founder = (await readyUser(t.app)).token;
    expect((await upload(founder, { name: 'me.png', type: 'image/png', data: PNG })).statusCode).toBe(403);
  });
});

describe('the milestones an expert is assigned to', () => {
  it('lists the pack milestones naming this expert, read-only, never another expert’s; none is an empty list', async () => {
    // The content pack names daniel-kim as the expert of "Solution & MVP" (milestone 2 of Venture Foundations).
    const [daniel] = await expertsRepository(t.app.db).findByKeys(['daniel-kim']);
    const person = await personWith(t.app, ['expert'], { twoFactor: false });
    await portalRepository(t.app.db).link(daniel!.id, person.user.id);

    const mine = (await get(person.token)).json().data as MyProfile;
    expect(mine.milestones).toEqual([
      {
        programKey: 'venture-foundations',
        programName: 'Venture Foundations',
        key: 'solution-mvp',
        index: 2,
        name: 'Solution & MVP',
        overviewSubtitle: expect.any(String),
      },
    ]);
    // Saving the profile answers with the same list; the list itself is not an editable field.
    const saved = await put(person.token, edits);
    expect((saved.json().data as MyProfile).milestones).toEqual(mine.milestones);
    const edited = await put(person.token, { ...edits, milestones: [] });
    expect(edited.statusCode).toBe(400);
    expect(JSON.stringify(edited.json())).toContain('milestones');

    // An expert no milestone names sees none, and never Daniel's.
    const other = await expertAccount();
    const theirs = (await get(other.token)).json().data as MyProfile;
    expect(theirs.milestones).toEqual([]);
  });

  it('is described in the served OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const answer = JSON.stringify(doc.paths['/api/expert-portal/profile']?.get?.responses['200']);
    for (const property of ['milestones', 'programName', 'overviewSubtitle'])
      expect(answer).toContain(property);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown /api paths with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringContaining('/api/does-not-exist'), statusCode: 404, code: 'NOT_FOUND' });
  });

  it('lists every bad field and refuses unknown ones', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nope', password: 'short', admin: true } });
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['admin', 'email', 'firstName', 'lastName', 'password']);
  });
});

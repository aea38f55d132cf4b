import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/plugins/compression.js';
import { bearer, readyUser } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

// What a phone downloads: the web app's files precompressed by the build, the API's larger answers
// compressed on the fly, the same bytes once decoded, and the web app outside the API's rate limit.
describe('delivery: compression, caching and the rate limit', () => {
  let t: TestApp;
  let limited: TestApp;
  let webDist: string;
  const shell = `<!doctype html><html><body><div id="root">liftoff-spa-shell</div>${'<!-- pad -->'.repeat(100)}</body></html>`;
  const script = `export const greeting = ${JSON.stringify('hello from a hashed asset '.repeat(200))};`;
  beforeAll(async () => {
    // The build's output: every text file with a .br and a .gz beside it (apps/web/build/precompress.ts).
    webDist = mkdtempSync(path.join(tmpdir(), 'liftoff-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    const files = { 'index.html': shell, 'assets/app-1a2b3c.js': script };
    for (const [name, body] of Object.entries(files)) {
      writeFileSync(path.join(webDist, name), body);
      writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(body));
      writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(body));
    }
    t = await createTestApp({ WEB_DIST: webDist });
    // The same app with a small limit per address.
    limited = await createTestApp({ WEB_DIST: webDist, RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await t?.close();
    await limited?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding !== undefined ? { 'accept-encoding': acceptEncoding } : {}),
        ...(token ? bearer(token) : {}),
      },
    });

  it("serves the web app's files precompressed, brotli first, the same bytes decoded", async () => {
    for (const [url, original] of [
      ['/assets/app-1a2b3c.js', script],
      ['/overview', shell],
      ['/', shell],
    ] as const) {
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(decode(expected, res.rawPayload).toString(), `${url} ${accept}`).toBe(original);
      }
    }
  });

  it('keeps hashed assets immutable and makes the page revalidate', async () => {
    const asset = await get('/assets/app-1a2b3c.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const url of ['/', '/sign-in', '/programs/1/missions/2']) {
      const page = await get(url, 'br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("compresses the API's answers above 1 KB on the fly, the same bytes decoded, and leaves small ones", async () => {
    const founder = await readyUser(t.app);
    // Signed in: the founder's programs with milestones, missions and steps, several kilobytes of JSON.
    const url = '/api/userProgram/programs';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(founder.token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(founder.token), 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not count the web app against the rate limit, while /api still is', async () => {
    for (let i = 0; i < 20; i += 1) {
      for (const url of ['/assets/app-1a2b3c.js', '/sign-in', '/']) {
        const res = await limited.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `${url} #${i}`).toBe(200);
      }
    }
    const api = [];
    for (let i = 0; i < 7; i += 1)
      api.push((await limited.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode);
    expect(api.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(api.slice(5)).toEqual([429, 429]);
    // Unknown paths that are not pages stay counted too.
    const probe = await limited.app.inject({ method: 'POST', url: '/wp-login.php' });
    expect(probe.statusCode).toBe(429);
  });
});

describe('negotiating the encoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

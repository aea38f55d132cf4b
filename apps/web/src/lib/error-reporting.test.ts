import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubEvent } from '@liftoff/contracts/error-report-scrub';
import { startErrorReporting } from './error-reporting';

// A Sentry ingest stand-in: a real HTTP server taking the browser SDK's envelopes.
const bodies: string[] = [];
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  request.on('end', () => {
    if (request.method === 'POST' && /^\/api\/7\/envelope\//.test(request.url ?? '')) bodies.push(text);
    response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
  });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('browser error reporting', () => {
  it('sends an error to the DSN without the e-mail, cookies or query string', async () => {
    const { port } = server.address() as AddressInfo;
    const client = startErrorReporting(`http://publickey@127.0.0.1:${port}/7`, true);
    const Sentry = await import('@sentry/browser');
    Sentry.setUser({ id: 'u-17', email: 'founder-canary@example.com' });
    document.cookie = 'session=cookie-canary-4';
    Sentry.captureException(new Error('the board did not load'));
    await client!.flush(3000);
    const events = bodies.flatMap((body) =>
      body
        .split('\n')
        .filter((line) => line.includes('"exception"'))
        .map((line) => JSON.parse(line) as { user?: Record<string, string>; exception: unknown }),
    );
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.exception)).toContain('the board did not load');
    expect(events[0]!.user).toEqual({ id: 'u-17' });
    const everything = bodies.join('\n');
    expect(everything).not.toContain('founder-canary@example.com');
    expect(everything).not.toContain('cookie-canary-4');
    await client!.close();
  });

  it('strips headers, cookies, body, query string and e-mail from any event', () => {
    const event = scrubEvent({
      request: {
        url: 'https://liftoff.example/reset-password?token=abc',
        headers: { Referer: 'https://liftoff.example/?token=abc', Cookie: 'session=1' },
        cookies: { session: '1' },
        data: { password: 'secret' },
        query_string: 'token=abc',
      },
      user: { id: 'u1', email: 'founder@example.com' },
      breadcrumbs: [{ message: 'GET /api/auth/me' }],
    });
    expect(event.request).toEqual({ url: 'https://liftoff.example/reset-password' });
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.breadcrumbs).toBeUndefined();
  });
});

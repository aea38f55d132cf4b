import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTakingEarlyAnswers, forgetEarlyRequests, sendEarlyRequests } from './early-requests';
import { REFRESH_MARGIN_MS } from './jwt';
import { writePersistedTokens } from './persisted-auth';
import { memoryStorage } from './testing/memory-storage';
import { generateSessionKey } from './session-key';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const tokenExpiringIn = (seconds: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;

/** The network: every call answers the flags' shape, and is recorded with its headers. */
function network() {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'ok', data: [{ key: 'coach', enabled: true }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

/** A browser holding a saved session whose access token expires in `seconds`. */
async function savedSession(seconds = 3600) {
  const storage = memoryStorage();
  const sessionKey = generateSessionKey();
  const token = tokenExpiringIn(seconds);
  await writePersistedTokens(storage, await sessionKey, { token, refreshToken: 'refresh-1' });
  return { storage, sessionKey, token };
}

const send = (session: Awaited<ReturnType<typeof savedSession>>, fetch: ReturnType<typeof network>) =>
  sendEarlyRequests({
    ...session,
    urls: ['/api/feature-flags', '/api/userProgram/programs/outline'],
    expiryMarginMs: REFRESH_MARGIN_MS,
    fetch,
  });

afterEach(() => forgetEarlyRequests());

describe('early requests: the first data asked for while the app is on its way', () => {
  it("asks for each address once, with the saved session's token, as the app's client would", async () => {
    const session = await savedSession();
    const fetch = network();
    await send(session, fetch);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/feature-flags',
      '/api/userProgram/programs/outline',
    ]);
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('asks for nothing without a saved session, or when its token has expired or is about to', async () => {
    const fetch = network();
    await send({ ...(await savedSession()), storage: memoryStorage() }, fetch);
    await send(await savedSession(-60), fetch);
    await send(await savedSession(2), fetch);
    // Sealed with another browser's key: unreadable here.
    await send({ ...(await savedSession()), sessionKey: generateSessionKey() }, fetch);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives no early answer to another request: another method, body or token', async () => {
    const session = await savedSession();
    const early = network();
    await send(session, early);
    const fromNetwork = network();
    const fetchForApp = fetchTakingEarlyAnswers(fromNetwork);
    const headers = { Accept: 'application/json', Authorization: `Bearer ${session.token}` };
    await fetchForApp('/api/feature-flags', { method: 'POST', headers, body: '{}' });
    await fetchForApp('/api/feature-flags', {
      headers: { ...headers, Authorization: 'Bearer someone-else' },
    });
    await fetchForApp('/api/feature-flags?page=2', { headers });
    expect(fromNetwork).toHaveBeenCalledTimes(3);
    // The matching request still finds its answer.
    await fetchForApp('/api/feature-flags', { method: 'GET', headers });
    expect(fromNetwork).toHaveBeenCalledTimes(3);
  });

  it('sends a request again when its early attempt failed, and lets the client give up waiting', async () => {
    const session = await savedSession();
    let answerOutline: (response: Response) => void = () => undefined;
    const early = vi.fn(async (url: RequestInfo | URL) => {
      if (url === '/api/feature-flags') throw new TypeError('Failed to fetch');
      return new Promise<Response>((resolve) => (answerOutline = resolve));
    });
    await sendEarlyRequests({
      ...session,
      urls: ['/api/feature-flags', '/api/userProgram/programs/outline'],
      expiryMarginMs: REFRESH_MARGIN_MS,
      fetch: early as typeof fetch,
    });
    const fromNetwork = network();
    const fetchForApp = fetchTakingEarlyAnswers(fromNetwork);
    const headers = { Accept: 'application/json', Authorization: `Bearer ${session.token}` };
    const flags = await fetchForApp('/api/feature-flags', { headers });
    expect(flags.status).toBe(200);
    expect(fromNetwork).toHaveBeenCalledWith('/api/feature-flags', { headers });

    const leaving = new AbortController();
    const outline = fetchForApp('/api/userProgram/programs/outline', { headers, signal: leaving.signal });
    leaving.abort();
    await expect(outline).rejects.toMatchObject({ name: 'AbortError' });
    answerOutline(new Response('{}'));
  });
});

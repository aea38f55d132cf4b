import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export const CLIENT_ID = 'liftoff-test';
export const CLIENT_SECRET = 'liftoff-test-secret-0123456789';

/**
 * A real OpenID provider (`oidc-provider`) on a loopback port, with its development sign-in screens: any
 * account id signs in, with the claims registered for it in `accounts`. `lieAboutIssuer` makes its discovery
 * document name another issuer, as a misconfigured or impersonating provider would.
 */
export async function startOpenIdProvider(appUrl: string, providerId = 'sso') {
  const accounts = new Map<string, ProviderAccount>();
  const state = { lieAboutIssuer: false };
  let handle: ReturnType<Provider['callback']> | null = null;
  const server: Server = createServer((request, response) => {
    if (state.lieAboutIssuer && request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ...metadata, issuer: 'https://impostor.example' }));
      return;
    }
    handle!(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/auth/oidc/${providerId}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // The claims in the ID token itself, as Google and Microsoft send them.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  handle = provider.callback();
  const metadata = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  return {
    issuer,
    accounts,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser at the provider: follows its redirects with its cookies, signs in as `accountId` and consents,
 * until the provider sends it back to Liftoff. Answers that address (the callback with its code and state).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string, appUrl: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(appUrl)) return next;
      url = next;
      continue;
    }
    const page = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${page.slice(0, 300)}`);
    // The development screens: a sign-in form, then a consent form, both posting back to the same address.
    if (page.includes('name="prompt" value="login"'))
      body = new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' });
    else if (page.includes('name="prompt" value="consent"'))
      body = new URLSearchParams({ prompt: 'consent' });
    else throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
  }
  throw new Error('the provider never sent the browser back');
}

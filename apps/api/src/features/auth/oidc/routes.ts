import { session } from '@liftoff/contracts/auth';
import {
  oidcCallbackQuery,
  oidcCompletion,
  oidcHandoffBody,
  oidcLinkBody,
  oidcMessages,
  oidcProvider,
  oidcProviderParams,
} from '@liftoff/contracts/auth-oidc';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.js';
import { clientOf } from '../session-routes.js';
import { OidcRefusal, type OidcSignIn } from './service.js';

const tags = ['auth'];
/** Binds an attempt to the browser that started it; sent back only to the callback. */
const COOKIE = 'liftoff_oidc';
const COOKIE_PATH = '/api/auth/oidc';

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

const redirect = z.null().describe('A redirect (302) to the address in the Location header');

/** Sign-in with the configured OpenID providers (decision 066). */
export async function oidcRoutes(app: FastifyInstance, options: { oidc: OidcSignIn }) {
  const { oidc } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  const secure = app.config.APP_URL.startsWith('https://');
  const webApp = (path: string) => `${app.config.APP_URL}${path}`;

  r.get(
    '/api/auth/oidc/providers',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The identity providers the sign-in page offers',
        security: [],
        response: { 200: envelope(z.array(oidcProvider)) },
      },
    },
    async () => ok(oidcMessages.providers, oidc.providers()),
  );

  r.get(
    '/api/auth/oidc/:provider/start',
    {
      config: { public: true, rateLimit: credentialLimit, errors: [503] },
      schema: {
        tags,
        summary: 'Start signing in with a provider: redirects the browser to it',
        description:
          '404 when the provider is not configured or is switched off; 503 when it cannot be reached.',
        security: [],
        params: oidcProviderParams,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const { url, browser } = await oidc.start(request.params.provider);
      const cookie = [
        `${COOKIE}=${browser}`,
        `Path=${COOKIE_PATH}`,
        'HttpOnly',
        // Lax: the provider's redirect back is a top-level navigation from another site.
        'SameSite=Lax',
        'Max-Age=600',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
      return reply.header('set-cookie', cookie).redirect(url, 302);
    },
  );

  r.get(
    '/api/auth/oidc/:provider/callback',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags,
        summary:
          "The provider's answer: redirects to the web app with a one-time hand-off, or with the reason it failed",
        security: [],
        params: oidcProviderParams,
        querystring: oidcCallbackQuery,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, app.config.APP_URL);
      const clear = `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
      reply.header('set-cookie', clear);
      try {
        const handoff = await oidc.callback(request.params.provider, callbackUrl, cookieOf(request));
        return reply.redirect(webApp(`/sign-in/provider#handoff=${handoff}`), 302);
      } catch (error) {
        if (!(error instanceof OidcRefusal)) throw error;
        // The reason for the log; the browser learns only which kind of failure it was.
        request.log.warn(
          { provider: request.params.provider, reason: error.reason, detail: error.message },
          'OIDC sign-in refused',
        );
        return reply.redirect(webApp(`/sign-in?provider_error=${error.reason}`), 302);
      }
    },
  );

  r.post(
    '/api/auth/oidc/complete',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags,
        summary:
          "Exchange the callback's hand-off for a session, or learn that the account must be confirmed first",
        description: '400 when the hand-off has expired or was used.',
        security: [],
        body: oidcHandoffBody,
        response: { 200: envelope(oidcCompletion) },
      },
    },
    async (request) => {
      const completion = await oidc.complete(request.body.handoff, clientOf(request));
      return ok(
        completion.kind === 'session' ? oidcMessages.completed : oidcMessages.confirmLink,
        completion,
      );
    },
  );

  r.post(
    '/api/auth/oidc/link',
    {
      config: { public: true, rateLimit: credentialLimit, errors: [401] },
      schema: {
        tags,
        summary:
          "Link the provider to the existing account with the same address, confirmed with the account's password",
        description: '401 when the password is wrong; 400 when the hand-off has expired or was used.',
        security: [],
        body: oidcLinkBody,
        response: { 200: envelope(session) },
      },
    },
    async (request) =>
      ok(
        oidcMessages.linked,
        await oidc.confirmLink(request.body.handoff, request.body.password, clientOf(request)),
      ),
  );
}

import type { Session } from '@liftoff/contracts/auth';
import type { OidcCompletion, OidcProvider } from '@liftoff/contracts/auth-oidc';
import { api } from '../../lib/api';

/** Sign-in with the configured OpenID providers (the API's decision 066). */
export const oidcApi = api.injectEndpoints({
  endpoints: (build) => ({
    oidcProviders: build.query<OidcProvider[], void>({
      query: () => ({ url: '/auth/oidc/providers', method: 'GET', headerType: 'public' }),
      // No buttons is the answer when this fails: the password form still works.
      extraOptions: { silent: true },
    }),
    completeOidc: build.mutation<OidcCompletion, { handoff: string }>({
      query: (body) => ({ url: '/auth/oidc/complete', method: 'POST', headerType: 'public', body }),
      extraOptions: { fallbackError: 'Sign-in failed', silent: true },
    }),
    linkOidc: build.mutation<Session, { handoff: string; password: string }>({
      query: (body) => ({ url: '/auth/oidc/link', method: 'POST', headerType: 'public', body }),
      extraOptions: { fallbackError: 'Sign-in failed', silent: true },
    }),
  }),
});

export const { useOidcProvidersQuery, useCompleteOidcMutation, useLinkOidcMutation } = oidcApi;

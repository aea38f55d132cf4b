import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { testConfig } from '../helpers/app.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    testConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('OpenID provider configuration', () => {
  it('stops the start naming each variable a half-configured provider lacks', () => {
    expect(problemsOf({ OIDC_GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'OIDC_GOOGLE_CLIENT_SECRET: required with OIDC_GOOGLE_CLIENT_ID',
    ]);
    expect(problemsOf({ OIDC_MICROSOFT_CLIENT_ID: 'id', OIDC_MICROSOFT_CLIENT_SECRET: 's' })).toEqual([
      'OIDC_MICROSOFT_TENANT: required with OIDC_MICROSOFT_CLIENT_ID, OIDC_MICROSOFT_CLIENT_SECRET',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'https://id.uni.example' })).toEqual([
      'OIDC_CLIENT_ID: required with OIDC_ISSUER',
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER',
    ]);
    expect(problemsOf({ OIDC_DISABLED: 'google,github' }).join()).toContain('OIDC_DISABLED');
    expect(
      problemsOf({ OIDC_ISSUER: 'not an address', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).join(),
    ).toContain('OIDC_ISSUER');
  });

  it('offers each fully configured provider, switched off when listed in OIDC_DISABLED', () => {
    const config = testConfig({
      OIDC_GOOGLE_CLIENT_ID: 'g',
      OIDC_GOOGLE_CLIENT_SECRET: 'gs',
      OIDC_MICROSOFT_CLIENT_ID: 'm',
      OIDC_MICROSOFT_CLIENT_SECRET: 'ms',
      OIDC_MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
      OIDC_DISABLED: 'google',
    });
    expect(config.oidcProviders.map(({ id, issuer, enabled }) => ({ id, issuer, enabled }))).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', enabled: false },
      {
        id: 'microsoft',
        issuer: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
        enabled: true,
      },
    ]);
  });
});

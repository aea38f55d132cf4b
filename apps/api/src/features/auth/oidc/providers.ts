import * as client from 'openid-client';
import type { OidcProviderSettings } from '../../../config.js';

/** How long a provider's discovery and token calls may take before the sign-in is answered as unavailable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Each configured provider's client, from its discovery document, fetched on first use and kept; a failed
 * discovery is tried again on the next sign-in rather than remembered. openid-client checks that the document
 * names the configured issuer, and later that every ID token and authorization response does.
 */
export function oidcClients(providers: readonly OidcProviderSettings[], allowHttp: boolean) {
  const discovered = new Map<string, Promise<client.Configuration>>();
  return {
    settings: (id: string) => providers.find((provider) => provider.id === id && provider.enabled) ?? null,
    enabled: () => providers.filter((provider) => provider.enabled),
    configuration(provider: OidcProviderSettings): Promise<client.Configuration> {
      let found = discovered.get(provider.id);
      if (!found) {
        const insecure = allowHttp && provider.issuer.startsWith('http://');
        found = client.discovery(
          new URL(provider.issuer),
          provider.clientId,
          { client_secret: provider.clientSecret },
          client.ClientSecretPost(provider.clientSecret),
          {
            timeout: PROVIDER_TIMEOUT_SECONDS,
            ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          },
        );
        discovered.set(provider.id, found);
        found.catch(() => discovered.delete(provider.id));
      }
      return found;
    },
  };
}
export type OidcClients = ReturnType<typeof oidcClients>;

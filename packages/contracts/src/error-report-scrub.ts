/** The parts of an error-reporting event (Sentry's shape) that can carry personal data or secrets. */
export interface ScrubbableEvent {
  request?: { method?: string; url?: string };
  user?: { email?: string; ip_address?: string | null; username?: string };
  breadcrumbs?: unknown;
}

/**
 * Sentry's `dataCollection` (version 11's form of `sendDefaultPii: false`, which it no longer takes) for the API
 * and the browser: no user info, cookies, headers, bodies, query parameters, GraphQL or model text.
 */
export const collectNothingPersonal = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
};

/**
 * The last word on what leaves for the error reporter, in the API and the browser alike: of the request only
 * the method and the URL without its query (reset links and share tokens travel there); no header
 * (Authorization, Cookie, a Referer), cookie or body; no e-mail address, IP address or user name; no
 * breadcrumbs (they record addresses called and clicks). Whatever an integration may have put on the event.
 */
export function scrubEvent<T extends ScrubbableEvent>(event: T): T {
  const scrubbed: ScrubbableEvent = event;
  if (scrubbed.request) {
    const { method, url } = scrubbed.request;
    scrubbed.request = { ...(method ? { method } : {}), ...(url ? { url: url.split('?')[0] } : {}) };
  }
  if (scrubbed.user) {
    delete scrubbed.user.email;
    delete scrubbed.user.ip_address;
    delete scrubbed.user.username;
  }
  delete scrubbed.breadcrumbs;
  return event;
}

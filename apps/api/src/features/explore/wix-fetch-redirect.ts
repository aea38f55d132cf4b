/*
 * Host redirection for tests: with WIX_API_BASE set, every *.wixapis.com call of the Wix source goes to that
 * base instead (a local fake), whether the SDK makes it with the fetch it is given or with the global one.
 */

function rewriteUrl(input: string, base: URL): string {
  const url = new URL(input);
  if (!/(^|\.)wixapis\.com$/i.test(url.hostname)) return input;
  const target = new URL(base.href);
  target.pathname = `${base.pathname.replace(/\/$/, '')}${url.pathname}`;
  target.search = url.search;
  return target.href;
}

export function redirectingFetch(original: typeof fetch, base: URL): typeof fetch {
  return (input, init) => {
    if (typeof input === 'string') return original(rewriteUrl(input, base), init);
    if (input instanceof URL) return original(rewriteUrl(input.href, base), init);
    return original(new Request(rewriteUrl(input.url, base), input), init);
  };
}

/*
 * The SDK's token endpoint is called with the global fetch (OAuthStrategy takes no fetch option), so with
 * WIX_API_BASE set the global fetch is wrapped too — only *.wixapis.com URLs are rewritten, and the
 * original is restored when the last Wix source closes.
 */
let globalRedirect: { original: typeof fetch; bases: URL[] } | null = null;
export function redirectGlobalFetch(base: URL): () => void {
  if (!globalRedirect) {
    const original = globalThis.fetch;
    const state = { original, bases: [] as URL[] };
    globalRedirect = state;
    globalThis.fetch = (input, init) => {
      const current = state.bases.at(-1);
      return current ? redirectingFetch(original, current)(input, init) : original(input, init);
    };
  }
  const state = globalRedirect;
  state.bases.push(base);
  return () => {
    const index = state.bases.indexOf(base);
    if (index >= 0) state.bases.splice(index, 1);
    if (!state.bases.length && globalRedirect === state) {
      globalThis.fetch = state.original;
      globalRedirect = null;
    }
  };
}

import { env } from '../../../config/env';

const API_PREFIX = '/api';

/**
 * The API answers with paths under `/api` (downloads, icons, templates). The HTTP client prefixes its
 * own base, so requests take the part after `/api`; links and images take the configured base.
 */
export function apiPath(url: string): string {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) || '/' : url;
}

/** A URL the browser can load directly (an <img> source, a public download link). */
export function apiHref(url: string, base: string = env.VITE_API_BASE): string {
  if (/^(https?:|data:|blob:)/.test(url)) return url;
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) ? `${base}${apiPath(url)}` : url;
}

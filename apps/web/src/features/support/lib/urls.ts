import { env } from '../../../config/env';

const API_PREFIX = '/api';

/** The API answers paths under `/api`; the HTTP client adds its own base, so requests take the rest. */
export function apiPath(url: string): string {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) || '/' : url;
}

/** A URL the browser can load directly (an <img> source). */
export function apiHref(url: string, base: string = env.VITE_API_BASE): string {
  if (/^(https?:|data:|blob:)/.test(url)) return url;
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) ? `${base}${apiPath(url)}` : url;
}

import { afterEach, expect, it } from 'vitest';
import { preloadAppFont } from './preload-font';

afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

it('asks for the Latin Inter font the app is set in, once, as the font request itself will be made', () => {
  preloadAppFont();
  preloadAppFont();
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  expect(links).toHaveLength(1);
  const link = links[0]!;
  expect(link.getAttribute('href')).toMatch(/inter-latin-wght-normal.*\.woff2$/);
  expect(link.getAttribute('as')).toBe('font');
  expect(link.getAttribute('crossorigin')).toBe('anonymous');
});

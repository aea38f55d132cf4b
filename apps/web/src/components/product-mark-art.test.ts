import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/*
 * The mark is drawn in three places that cannot share code: the component (./product-mark-art.tsx), the page
 * before any script runs (index.html) and the browser tab's icon (public/liftoff-mark.svg). They must stay one
 * drawing.
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const drawing = (source: string) =>
  [...source.matchAll(/\b(d|fill|cx|cy|r|rx|opacity)="([^"]+)"/g)].map(
    ([, name, value]) => `${name}=${value}`,
  );

it('draws the same mark in the app, in the page before scripts and in the tab', () => {
  const art = drawing(read('./product-mark-art.tsx'));
  expect(art.length).toBeGreaterThan(8);
  const page = read('../../index.html');
  const splash = page.slice(page.indexOf('<div id="root">'), page.indexOf('</svg>'));
  expect(drawing(splash)).toEqual(art);
  expect(drawing(read('../../public/liftoff-mark.svg'))).toEqual(art);
});

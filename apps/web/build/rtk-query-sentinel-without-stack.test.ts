import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutStackAtLoad } from './rtk-query-sentinel-without-stack';

/** The RTK Query module the build bundles (the browser's modern build). */
function rtkQueryModule(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@reduxjs/toolkit/package.json'));
  return readFileSync(path.join(dir, 'dist/query/rtk-query.modern.mjs'), 'utf8');
}

describe("RTK Query's sentinel made without a stack trace", () => {
  it('rewrites the installed RTK Query so its sentinel is made with no stack trace', () => {
    const rewritten = withoutStackAtLoad(rtkQueryModule());
    expect(rewritten).not.toMatch(/new Error\("Promise never resolved before cacheEntryRemoved\."\)/);
    expect(rewritten).toContain('Object.create(Error.prototype)');
  });

  it('keeps the sentinel an Error with its message, for what catches it', () => {
    const rewritten = withoutStackAtLoad(
      'const sentinel = new Error("Promise never resolved before cacheEntryRemoved.");',
    );
    const sentinel = new Function(`${rewritten} return sentinel;`)() as Error;
    expect(sentinel).toBeInstanceOf(Error);
    expect(sentinel.message).toBe('Promise never resolved before cacheEntryRemoved.');
    expect(String(sentinel)).toBe('Error: Promise never resolved before cacheEntryRemoved.');
    expect(Object.hasOwn(sentinel, 'stack')).toBe(false);
  });

  it('fails the build when an upgrade no longer makes it, naming where to look', () => {
    expect(() => withoutStackAtLoad('export const api = 1;')).toThrow(
      /build\/rtk-query-sentinel-without-stack\.ts/,
    );
  });
});

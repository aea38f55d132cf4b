import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MADE_AT_LOAD, withoutStackAtLoad } from './sentinels-without-stack';

const require = createRequire(import.meta.url);
/** A file of an installed package, as the build reads it. */
function installed(packageName: string, file: string): string {
  const dir = path.dirname(require.resolve(`${packageName}/package.json`));
  return readFileSync(path.join(dir, file), 'utf8');
}
const library = (name: string) => MADE_AT_LOAD.find((entry) => entry.library === name)!;
const rtkQuery = library('RTK Query');
const reactDom = library('React DOM');

/** Evaluates `code` and returns the value of `name` it declares. */
const valueOf = (code: string, name: string, scope = '') =>
  new Function(`${scope} ${code}; return ${name};`)() as Error;

/** React DOM's five sentinels' error codes, written here apart from the plugin's list so the test checks it. */
const reactDomCodes = [519, 460, 474, 542, 461];
/** React DOM's five sentinels as its production build declares them. */
const declarations = reactDomCodes
  .map((code) => `const e${code} = Error(formatProdErrorMessage(${code}));`)
  .join('\n');

describe('sentinels made at load without a stack trace', () => {
  it('rewrites the installed RTK Query so its sentinel has no stack trace', () => {
    const rewritten = withoutStackAtLoad(
      installed('@reduxjs/toolkit', 'dist/query/rtk-query.modern.mjs'),
      rtkQuery,
    );
    expect(rewritten).not.toContain('new Error("Promise never resolved before cacheEntryRemoved.")');
    expect(rewritten).toContain('Object.create(Error.prototype)');
  });

  it('rewrites the installed React DOM so none of its five sentinels has a stack trace', () => {
    const source = installed('react-dom', 'cjs/react-dom-client.production.js');
    const rewritten = withoutStackAtLoad(source, reactDom);
    expect(rewritten).not.toMatch(
      new RegExp(`= Error\\(formatProdErrorMessage\\((${reactDomCodes.join('|')})\\)\\)`),
    );
    expect(rewritten.match(/Object\.create\(Error\.prototype\)/g)).toHaveLength(5);
  });

  it('keeps each sentinel an Error with its message, for what catches it', () => {
    const rtkSentinel = valueOf(
      withoutStackAtLoad(
        'const s = new Error("Promise never resolved before cacheEntryRemoved.");',
        rtkQuery,
      ),
      's',
    );
    expect(rtkSentinel).toBeInstanceOf(Error);
    expect(String(rtkSentinel)).toBe('Error: Promise never resolved before cacheEntryRemoved.');
    expect(Object.hasOwn(rtkSentinel, 'stack')).toBe(false);

    const suspense = valueOf(
      withoutStackAtLoad(declarations, reactDom),
      'e460',
      'const formatProdErrorMessage = (code) => "Minified React error #" + code;',
    );
    expect(suspense).toBeInstanceOf(Error);
    expect(suspense.message).toBe('Minified React error #460');
    expect(Object.hasOwn(suspense, 'stack')).toBe(false);
  });

  it('fails the build when a sentinel is not made exactly once, naming the library and the file', () => {
    expect(() => withoutStackAtLoad('export const api = 1;', rtkQuery)).toThrow(
      /RTK Query .*build\/sentinels-without-stack\.ts/,
    );
    const twice = `${declarations} const again = Error(formatProdErrorMessage(460));`;
    expect(() => withoutStackAtLoad(twice, reactDom)).toThrow(
      /React DOM no longer makes 'Error\(formatProdErrorMessage\(460\)\)' once at load/,
    );
  });
});

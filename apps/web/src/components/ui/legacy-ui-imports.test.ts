import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The lint ratchet (decision 062): the files allowed to import MUI or emotion only ever shrink. A file that has
 * moved onto the kit, or is gone, must leave the list, so the list never allows more than what is left to move.
 */
const inRepo = (file: string) => path.resolve(import.meta.dirname, '../../../../..', file);
const listText = readFileSync(inRepo('eslint-legacy-ui-imports.js'), 'utf8');
const listed = [...listText.matchAll(/^\s*'([^']+)',$/gm)].map((match) => match[1]!);
const importsRetired = /(?:from|import)\s*\(?\s*['"]@(?:mui|emotion)\//;

describe('the files still allowed MUI and emotion', () => {
  it('are listed, each once', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('each still exists and still imports MUI or emotion (else take it off the list)', () => {
    const stale = listed.filter(
      (file) => !existsSync(inRepo(file)) || !importsRetired.test(readFileSync(inRepo(file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ExpertsContentError, readExperts } from '../../src/features/experts/import.js';
import { contentDir } from '../../src/lib/paths.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A content folder holding one expert: the pack's daniel-kim.yaml with `availability` changed. */
function packWith(change: (availability: Record<string, unknown>) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-experts-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'experts/avatars'), { recursive: true });
  writeFileSync(
    path.join(dir, 'experts/avatars/daniel-kim.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><title>x</title></svg>',
  );
  const expert = parse(readFileSync(path.join(contentDir, 'experts/daniel-kim.yaml'), 'utf8'));
  change(expert.availability);
  writeFileSync(path.join(dir, 'experts/daniel-kim.yaml'), stringify(expert));
  return dir;
}

function problemsOf(dir: string) {
  try {
    readExperts(dir);
  } catch (error) {
    if (error instanceof ExpertsContentError)
      return error.problems.map((p) => `${p.file}: ${p.field}`).sort();
    throw error;
  }
  return [];
}

describe('expert availability in the content pack', () => {
  it("the pack's experts are valid", () => {
    expect(readExperts(contentDir).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad availability with the file and field named', () => {
    const dir = packWith((a) => {
      a.timezone = 'Mars/Olympus_Mons';
      (a.weekly as Record<string, string>[])[0]!.end = '07:00'; // before its start
      (a.weekly as Record<string, string>[])[1]!.day = 'MONDAY';
      a.overrides = [{ date: '2026-02-30', off: true }];
      a.services = [
        { serviceKey: 'intro-30', name: 'A', duration: 30 },
        { serviceKey: 'intro-30', name: 'B', duration: 0 },
      ];
      a.bookingWindowDays = 0;
      a.colour = 'blue';
    });
    expect(problemsOf(dir)).toEqual(
      [
        'availability.timezone',
        'availability.weekly.0.end',
        'availability.weekly.1.day',
        'availability.overrides.0.date',
        'availability.services.1.duration',
        'availability.bookingWindowDays',
        'availability.colour',
      ]
        .map((field) => `experts/daniel-kim.yaml: ${field}`)
        .sort(),
    );
  });

  it('names a duplicate service key and a date both off and open, once the shape is right', () => {
    const dir = packWith((a) => {
      a.services = [
        { serviceKey: 'intro-30', name: 'A', duration: 30 },
        { serviceKey: 'intro-30', name: 'B', duration: 45 },
      ];
      a.overrides = [
        { date: '2026-12-24', off: true },
        { date: '2026-12-24', start: '09:00', end: '10:00' },
      ];
    });
    expect(problemsOf(dir)).toEqual([
      'experts/daniel-kim.yaml: availability.overrides.1.date',
      'experts/daniel-kim.yaml: availability.services.1.serviceKey',
    ]);
  });
});

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSupportContent, SupportContentError } from '../../src/features/support/import.js';
import { contentDir } from '../../src/lib/paths.js';

const milestones = ['problem-discovery', 'solution-mvp', 'business-model', 'go-to-market', 'fundraising'];
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problemsOf(dir: string) {
  try {
    readSupportContent(dir, milestones);
  } catch (error) {
    if (error instanceof SupportContentError)
      return error.problems.map((p) => `${p.file}: ${p.field}`).sort();
    throw error;
  }
  return [];
}

describe('support content', () => {
  it('reads the pack: at least 15 questions tied to milestones, both settings, tutorial in order', () => {
    const content = readSupportContent(contentDir, milestones);
    expect(content.questions.length).toBeGreaterThanOrEqual(15);
    expect(content.settings.map((s) => s.type).sort()).toEqual(['CONTACT_US', 'TUTORIAL']);
  });

  it('refuses bad files with the file and field named', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-support-'));
    dirs.push(dir);
    cpSync(path.join(contentDir, 'settings'), path.join(dir, 'settings'), { recursive: true });
    cpSync(path.join(contentDir, 'tutorial'), path.join(dir, 'tutorial'), { recursive: true });
    writeFileSync(
      path.join(dir, 'popular-questions.yaml'),
      [
        '- { key: a-question, milestone: problem-discovery, question: Q?, answer: A., askCount: 3 }',
        '- { key: a-question, milestone: moonshots, question: Q?, answer: A., askCount: -1 }',
        '- { key: b-question, milestone: fundraising, question: Q?, answer: A., askCount: 1, votes: 2 }',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'settings/tutorial.yaml'),
      [
        'type: TUTORIAL',
        'title: T',
        'items:',
        '  - { order: 1, title: A, description: D, media: { kind: image, url: /api/content/tutorial/missing.svg } }',
        '  - { order: 1, title: B, description: D, media: { kind: gif, url: /x.gif } }',
      ].join('\n'),
    );
    expect(problemsOf(dir)).toEqual(
      [
        'popular-questions.yaml: 1.askCount',
        'popular-questions.yaml: 2.votes',
        'settings/tutorial.yaml: items.1.media.kind',
      ].sort(),
    );
    // Once the shapes are right, the cross-checks speak.
    writeFileSync(
      path.join(dir, 'popular-questions.yaml'),
      [
        '- { key: a-question, milestone: problem-discovery, question: Q?, answer: A., askCount: 3 }',
        '- { key: a-question, milestone: moonshots, question: Q?, answer: A., askCount: 1 }',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'settings/tutorial.yaml'),
      [
        'type: TUTORIAL',
        'title: T',
        'items:',
        '  - { order: 1, title: A, description: D, media: { kind: image, url: /api/content/tutorial/missing.svg } }',
        '  - { order: 1, title: B, description: D, media: { kind: video, url: "https://videos.example.com/b.mp4" } }',
      ].join('\n'),
    );
    expect(problemsOf(dir)).toEqual(
      [
        'popular-questions.yaml: 1.key',
        'popular-questions.yaml: 1.milestone',
        'settings/tutorial.yaml: items.0.media.url',
        'settings/tutorial.yaml: items.1.order',
      ].sort(),
    );
  });
});

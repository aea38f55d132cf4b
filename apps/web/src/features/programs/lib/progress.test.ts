import { describe, expect, it } from 'vitest';
import {
  awaitsDeliverable,
  currentMilestone,
  currentMission,
  deferredSteps,
  milestoneProgress,
  missionProgress,
  nextOpenStep,
  missionProgressCaption,
  missionStarted,
  programProgress,
  putOffAtCompletion,
  putOffQuestion,
  resolveStep,
} from './progress';
import { todoOf } from './todo';

type S = 'ONGOING' | 'LOCKED' | 'COMPLETED' | 'INCOMPLETED';
type W = {
  fields: { key: string; label: string; kind: 'text'; help: string; required?: boolean }[];
  answers: Record<string, string>;
  updatedAt: string | null;
};
const step = (index: number, status: S, doLater = false, extra: { worksheet?: W; rating?: number } = {}) => ({
  id: `s${index}`,
  index,
  status,
  doLater,
  title: `Step ${index}`,
  rating: extra.rating ?? null,
  worksheet: extra.worksheet ?? null,
});
const file = {
  id: 'a',
  fileName: 'a.pdf',
  mimeType: 'application/pdf',
  size: 1,
  createdAt: '',
  downloadUrl: '',
};
const deliverable = { title: 'Deck', description: '', acceptedHint: '' };
const sheet = (answers: Record<string, string>, required = true): W => ({
  fields: [
    { key: 'who', label: 'Who', kind: 'text', help: '', required },
    { key: 'notes', label: 'Notes', kind: 'text', help: '' },
  ],
  answers,
  updatedAt: Object.keys(answers).length ? '2026-01-01T00:00:00Z' : null,
});

function mission(
  status: S,
  steps: ReturnType<typeof step>[],
  options: { deliverable?: boolean; files?: number } = {},
) {
  return {
    id: 'm1',
    name: 'Frame the problem',
    status,
    deliverable: options.deliverable ? deliverable : null,
    attachments: Array.from({ length: options.files ?? 0 }, () => file),
    userStep: steps,
  };
}

describe('progress for the rings', () => {
  it('counts completed steps and a handed-in deliverable as units of a mission', () => {
    const m = mission('ONGOING', [step(1, 'COMPLETED'), step(2, 'ONGOING'), step(3, 'LOCKED')], {
      deliverable: true,
    });
    expect(missionProgress(m)).toEqual({ done: 1, total: 4, percent: 25 });
    expect(missionProgress({ ...m, attachments: [file] })).toEqual({ done: 2, total: 4, percent: 50 });
  });

  it('does not count a step put off for later until the mission completes, then counts everything', () => {
    const steps = [step(1, 'ONGOING', true), step(2, 'COMPLETED')];
    expect(missionProgress(mission('ONGOING', steps)).percent).toBe(50);
    expect(missionProgress(mission('COMPLETED', steps)).percent).toBe(100);
  });

  it('sums a milestone over its missions and shows 100 % once it is completed', () => {
    const milestone = {
      status: 'ONGOING' as const,
      userMission: [
        mission('COMPLETED', [step(1, 'COMPLETED'), step(2, 'COMPLETED')], { deliverable: true, files: 1 }),
        mission('ONGOING', [step(1, 'ONGOING'), step(2, 'LOCKED'), step(3, 'LOCKED')]),
      ],
    };
    expect(milestoneProgress(milestone)).toEqual({ done: 3, total: 6, percent: 50 });
    expect(milestoneProgress({ ...milestone, status: 'COMPLETED' }).percent).toBe(100);
    expect(milestoneProgress({ status: 'LOCKED', userMission: [] }).percent).toBe(0);
  });

  it('sums the program over its milestones and rounds', () => {
    const done = {
      status: 'COMPLETED' as const,
      userMission: [mission('COMPLETED', [step(1, 'COMPLETED')])],
    };
    const locked = {
      status: 'LOCKED' as const,
      userMission: [mission('LOCKED', [step(1, 'LOCKED'), step(2, 'LOCKED')])],
    };
    expect(programProgress({ userMilestone: [done, locked] })).toEqual({ done: 1, total: 3, percent: 33 });
    expect(programProgress({ userMilestone: [] }).percent).toBe(0);
  });
});

describe('where to resume', () => {
  it('is the first open step that is not put off, whatever the order of the list', () => {
    expect(nextOpenStep([step(3, 'LOCKED'), step(2, 'ONGOING'), step(1, 'COMPLETED')])?.id).toBe('s2');
    expect(nextOpenStep([step(1, 'ONGOING', true), step(2, 'ONGOING')])?.id).toBe('s2');
  });

  it('falls back to the first step put off for later, then to the last step', () => {
    expect(nextOpenStep([step(1, 'COMPLETED'), step(2, 'ONGOING', true), step(3, 'COMPLETED')])?.id).toBe(
      's2',
    );
    expect(nextOpenStep([step(2, 'COMPLETED'), step(1, 'COMPLETED')])?.id).toBe('s2');
    expect(nextOpenStep([])).toBeNull();
  });

  it('resolves a step named in the URL only when it belongs to the mission', () => {
    const steps = [step(1, 'COMPLETED'), step(2, 'ONGOING')];
    expect(resolveStep(steps, 's1')?.id).toBe('s1');
    expect(resolveStep(steps, 'elsewhere')?.id).toBe('s2');
    expect(resolveStep(steps, undefined)?.id).toBe('s2');
  });

  it('lists the steps still put off, in order', () => {
    const steps = [step(3, 'ONGOING', true), step(1, 'ONGOING', true), step(2, 'COMPLETED', false)];
    expect(deferredSteps(steps).map((s) => s.id)).toEqual(['s1', 's3']);
  });

  it('knows when only the deliverable is missing', () => {
    const steps = [step(1, 'COMPLETED'), step(2, 'ONGOING', true)];
    expect(awaitsDeliverable(mission('ONGOING', steps, { deliverable: true }))).toBe(true);
    expect(awaitsDeliverable(mission('ONGOING', steps, { deliverable: true, files: 1 }))).toBe(false);
    expect(awaitsDeliverable(mission('ONGOING', steps))).toBe(false);
    expect(awaitsDeliverable(mission('ONGOING', [step(1, 'ONGOING')], { deliverable: true }))).toBe(false);
  });

  it('picks the ongoing milestone and mission, else the last completed milestone', () => {
    const ms = [
      { index: 2, status: 'LOCKED' as const },
      { index: 1, status: 'COMPLETED' as const },
    ];
    expect(currentMilestone(ms)?.index).toBe(1);
    expect(currentMilestone([...ms, { index: 3, status: 'ONGOING' as const }])?.index).toBe(3);
    expect(
      currentMission([
        { index: 2, status: 'ONGOING' as const },
        { index: 1, status: 'COMPLETED' as const },
      ])?.index,
    ).toBe(2);
    expect(currentMission([{ index: 1, status: 'COMPLETED' as const }])).toBeNull();
  });
});

describe('a mission nobody touched', () => {
  it('is not started until a step is done, put off, rated, answered or a file handed in', () => {
    expect(missionStarted(mission('ONGOING', [step(1, 'ONGOING'), step(2, 'LOCKED')]))).toBe(false);
    expect(missionStarted(mission('ONGOING', [step(1, 'ONGOING', true), step(2, 'ONGOING')]))).toBe(true);
    expect(missionStarted(mission('ONGOING', [step(1, 'ONGOING', false, { rating: 4 })]))).toBe(true);
    expect(
      missionStarted(mission('ONGOING', [step(1, 'ONGOING', false, { worksheet: sheet({ who: 'x' }) })])),
    ).toBe(true);
    expect(missionStarted(mission('ONGOING', [step(1, 'ONGOING')], { deliverable: true, files: 1 }))).toBe(
      true,
    );
    expect(missionStarted(mission('LOCKED', [step(1, 'LOCKED')]))).toBe(true);
  });
});

describe("a mission's progress in words", () => {
  it('counts the deliverable as a unit of its own and names the steps put off', () => {
    const steps = [step(1, 'COMPLETED'), step(2, 'ONGOING', true), step(3, 'ONGOING')];
    expect(missionProgressCaption(mission('ONGOING', steps, { deliverable: true }))).toBe(
      '1 of 3 steps and the deliverable done · deliverable not handed in yet · 1 step put off',
    );
    expect(missionProgressCaption(mission('ONGOING', steps, { deliverable: true, files: 1 }))).toBe(
      '2 of 3 steps and the deliverable done · deliverable handed in · 1 step put off',
    );
    expect(missionProgressCaption(mission('ONGOING', [step(1, 'COMPLETED')]))).toBe('1 of 1 step done');
  });
});

describe('completing a mission with steps put off', () => {
  it('asks only when this call would complete the mission', () => {
    const steps = [step(1, 'ONGOING', true), step(2, 'ONGOING', true), step(3, 'ONGOING')];
    expect(putOffAtCompletion(mission('ONGOING', steps), 's3').map((s) => s.id)).toEqual(['s1', 's2']);
    // The deliverable is still missing: this step does not complete the mission, nothing to ask.
    expect(putOffAtCompletion(mission('ONGOING', steps, { deliverable: true }), 's3')).toEqual([]);
    expect(putOffAtCompletion(mission('ONGOING', steps, { deliverable: true, files: 1 }), 's3')).toHaveLength(
      2,
    );
    // Another step is still open: no completion yet.
    expect(putOffAtCompletion(mission('ONGOING', [...steps, step(4, 'LOCKED')]), 's3')).toEqual([]);
    expect(putOffAtCompletion(mission('ONGOING', [step(1, 'COMPLETED'), step(2, 'ONGOING')]), 's2')).toEqual(
      [],
    );
    expect(putOffAtCompletion(mission('COMPLETED', steps), 's1')).toEqual([]);
  });

  it('words the question as the founder reads it', () => {
    expect(putOffQuestion(2)).toBe('2 steps are still put off — finish them or complete anyway?');
    expect(putOffQuestion(1)).toBe('1 step is still put off — finish them or complete anyway?');
  });
});

describe('your to-do', () => {
  const program = (missions: ReturnType<typeof mission>[], status: S = 'ONGOING') => ({
    userMilestone: [
      { id: 'ms1', index: 1, status, userMission: missions.map((m, i) => ({ ...m, index: i + 1 })) },
    ],
  });

  it('lists steps put off, worksheets left empty and deliverables missing, with where to go', () => {
    const m = mission(
      'ONGOING',
      [
        step(1, 'ONGOING', true),
        step(2, 'COMPLETED', false, { worksheet: sheet({}) }),
        step(3, 'ONGOING', true, { worksheet: sheet({ notes: 'n' }) }),
      ],
      { deliverable: true },
    );
    const items = todoOf(program([m]) as never);
    expect(items.map((i) => [i.kind, i.title, i.detail, i.to])).toEqual([
      ['put-off', 'Step 1', 'Put off in “Frame the problem”', '/mission-details/m1/s1'],
      ['empty-worksheet', 'Step 2', 'Worksheet left empty in “Frame the problem”', '/mission-details/m1/s2'],
      [
        'put-off',
        'Step 3',
        'Put off in “Frame the problem” · its worksheet is empty',
        '/mission-details/m1/s3',
      ],
      ['deliverable', 'Deck', 'Deliverable missing for “Frame the problem”', '/mission-deliverable/m1'],
    ]);
  });

  it('is empty when nothing is left behind, and ignores locked and closed milestones', () => {
    const done = mission('COMPLETED', [step(1, 'COMPLETED', false, { worksheet: sheet({ who: 'a' }) })], {
      deliverable: true,
      files: 1,
    });
    expect(todoOf(program([done]) as never)).toEqual([]);
    const putOff = mission('ONGOING', [step(1, 'ONGOING', true)]);
    expect(todoOf(program([putOff], 'LOCKED') as never)).toEqual([]);
    expect(todoOf(program([putOff], 'INCOMPLETED') as never)).toEqual([]);
    // A completed worksheet with only optional fields filled is not empty.
    const optional = mission('ONGOING', [
      step(1, 'COMPLETED', false, { worksheet: sheet({ notes: 'n' }, false) }),
    ]);
    expect(todoOf(program([optional]) as never)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  awaitsDeliverable,
  currentMilestone,
  currentMission,
  deferredSteps,
  milestoneProgress,
  missionProgress,
  nextOpenStep,
  programProgress,
  resolveStep,
} from './progress';

type S = 'ONGOING' | 'LOCKED' | 'COMPLETED' | 'INCOMPLETED';
const step = (index: number, status: S, doLater = false) => ({ id: `s${index}`, index, status, doLater });
const file = {
  id: 'a',
  fileName: 'a.pdf',
  mimeType: 'application/pdf',
  size: 1,
  createdAt: '',
  downloadUrl: '',
};
const deliverable = { title: 'Deck', description: '', acceptedHint: '' };

function mission(
  status: S,
  steps: ReturnType<typeof step>[],
  options: { deliverable?: boolean; files?: number } = {},
) {
  return {
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

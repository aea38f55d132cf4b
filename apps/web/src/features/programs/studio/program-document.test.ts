import { describe, expect, it } from 'vitest';
import { addressOf, hasErrorUnder, moveIn, moveTo, pathOf, removeIn, setIn } from './program-document';

const doc = { name: 'P', milestones: [{ key: 'a', missions: [{ key: 'm', steps: [1, 2, 3] }] }] };

describe('editing a program document by path', () => {
  it('addresses nodes by the paths the API names in its errors, both ways', () => {
    expect(pathOf([0, 1, 2])).toBe('milestones.0.missions.1.steps.2');
    expect(pathOf([])).toBe('');
    expect(addressOf('milestones.0.missions.1.steps.2.title')).toEqual([0, 1, 2]);
    expect(addressOf('milestones.3.outcome.title')).toEqual([3]);
    expect(addressOf('summary')).toEqual([]);
  });

  it('changes one value without touching the original, and drops an emptied optional field', () => {
    const next = setIn(doc, 'milestones.0.missions.0.key', 'n');
    expect(next.milestones[0]!.missions[0]!.key).toBe('n');
    expect(doc.milestones[0]!.missions[0]!.key).toBe('m');
    expect('name' in setIn(doc, 'name', undefined)).toBe(false);
  });

  it('moves, drops and refuses to move past either end', () => {
    const steps = (d: typeof doc) => d.milestones[0]!.missions[0]!.steps;
    expect(steps(moveIn(doc, 'milestones.0.missions.0.steps.0', 1))).toEqual([2, 1, 3]);
    expect(steps(moveTo(doc, 'milestones.0.missions.0.steps.2', 0))).toEqual([3, 1, 2]);
    expect(moveIn(doc, 'milestones.0.missions.0.steps.0', -1)).toBe(doc);
    expect(steps(removeIn(doc, 'milestones.0.missions.0.steps.1'))).toEqual([1, 3]);
  });

  it('marks a node holding an error, and the program only for its own fields', () => {
    const errors = { 'milestones.0.missions.1.steps.2.title': 'required' };
    expect(hasErrorUnder(errors, 'milestones.0.missions.1')).toBe(true);
    expect(hasErrorUnder(errors, 'milestones.0.missions.0')).toBe(false);
    expect(hasErrorUnder(errors, 'milestones.0.missions.1.steps.2')).toBe(true);
    expect(hasErrorUnder(errors, '')).toBe(false);
    expect(hasErrorUnder({ summary: 'required' }, '')).toBe(true);
  });
});

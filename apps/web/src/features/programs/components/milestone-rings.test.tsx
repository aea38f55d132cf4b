import type { MilestoneOutline } from '@liftoff/contracts/programs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MilestoneRings } from './milestone-rings';

type Ring = Pick<MilestoneOutline, 'id' | 'index' | 'name' | 'status' | 'userMission'>;
const mission = (status: string, steps: string[]) => ({
  id: `x-${Math.random()}`,
  index: 1,
  status,
  deliverable: null,
  userStep: steps.map((s, i) => ({ id: `s${i}`, index: i + 1, status: s, doLater: false })),
});
const milestone = (index: number, name: string, status: string, userMission: unknown[]) =>
  ({ id: `m${index}`, index, name, status, userMission }) as unknown as Ring;

describe('MilestoneRings', () => {
  it('shows each milestone in program order with its progress and its status in words', () => {
    render(
      <MilestoneRings
        milestones={[
          milestone(3, 'Go to Market', 'LOCKED', [mission('LOCKED', ['LOCKED'])]),
          milestone(1, 'Discovery', 'COMPLETED', [mission('COMPLETED', ['COMPLETED', 'COMPLETED'])]),
          milestone(2, 'Solution', 'ONGOING', [mission('ONGOING', ['COMPLETED', 'ONGOING'])]),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Milestone progress' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Discovery',
      'Solution',
      'Go to Market',
    ]);
    expect(items.map((item) => within(item).getByRole('progressbar').getAttribute('aria-label'))).toEqual([
      'Milestone 1, Discovery',
      'Milestone 2, Solution',
      'Milestone 3, Go to Market',
    ]);
    expect(items.map((item) => within(item).getByRole('progressbar').getAttribute('aria-valuenow'))).toEqual([
      '100',
      expect.stringMatching(/^[1-9]\d?$/),
      '0',
    ]);
    expect(items.map((item) => item.lastElementChild?.textContent)).toEqual([
      'Completed',
      'In progress',
      'Locked',
    ]);
    // The status icon is decoration: the words carry the status.
    for (const item of items)
      expect(item.lastElementChild?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

import type { Mission } from '@liftoff/contracts/programs';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildPath, paths } from '../../../config/paths';
import { MissionStepper } from './mission-stepper';

const step = (index: number, status: string, doLater = false) => ({
  id: `s${index}`,
  index,
  status,
  doLater,
  title: `Step ${index} title`,
  rating: null,
});
const mission = (steps: ReturnType<typeof step>[]) =>
  ({
    id: 'x1',
    index: 1,
    status: 'ONGOING',
    name: 'Frame the problem',
    userStep: steps,
  }) as unknown as Mission;

/** The stepper on a mission's page at `/mission-details/x1/<step>`, the step on screen taken from the address. */
function StepperPage({ of }: { of: Mission }) {
  const { stepId } = useParams();
  const current = of.userStep.find((s) => s.id === stepId) ?? of.userStep[0]!;
  return (
    <>
      <MissionStepper mission={of} current={current} />
      <p>On screen: {current.title}</p>
    </>
  );
}

function renderStepper(of: Mission, stepId: string) {
  render(
    <MemoryRouter initialEntries={[buildPath.missionDetails(of.id, stepId)]}>
      <button type="button">Before the steps</button>
      <Routes>
        <Route path={paths.missionDetails} element={<StepperPage of={of} />} />
      </Routes>
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Steps of this mission' });
  return { tabs: within(within(nav).getByRole('tablist')).getAllByRole('tab') };
}

// Out of order on purpose: the stepper shows the steps by their index.
const progressed = mission([
  step(3, 'ONGOING'),
  step(1, 'COMPLETED'),
  step(2, 'ONGOING', true),
  step(4, 'LOCKED'),
]);

describe('MissionStepper', () => {
  it('names each step with its number, title and state, and marks the one on screen', () => {
    const { tabs } = renderStepper(progressed, 's3');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      // A done step shows a tick, not its number.
      'Step 1 titleDone',
      '2Step 2 titlePut off for later',
      '3Step 3 titleCurrent',
      '4Step 4 titleLocked',
    ]);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true', 'false']);
    expect(tabs[2]!.getAttribute('aria-current')).toBe('step');
    expect(tabs[0]!.hasAttribute('aria-current')).toBe(false);
    expect((tabs[3] as HTMLButtonElement).disabled).toBe(true);
    expect(tabs.map((tab) => tab.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4']);
    expect(tabs[0]!.getAttribute('aria-setsize')).toBe('4');
  });

  it('opens a step when its tab is clicked; a locked step does not open', async () => {
    const user = userEvent.setup();
    const { tabs } = renderStepper(progressed, 's3');
    await user.click(tabs[0]!);
    screen.getByText('On screen: Step 1 title');
    expect(screen.getByRole('tab', { name: /Step 1 title/ }).getAttribute('aria-current')).toBe('step');
    await user.click(tabs[3]!);
    screen.getByText('On screen: Step 1 title');
  });

  it('is one stop for the Tab key, on the step on screen; the arrows, Home and End move past locked steps', async () => {
    const user = userEvent.setup();
    const { tabs } = renderStepper(progressed, 's2');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(tabs[1]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[2]);
    // Step 4 is locked: the next one along is step 1 again.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tabs[2]);
    // Moving does not open a step; Enter does.
    screen.getByText('On screen: Step 2 title');
    await user.keyboard('{Enter}');
    screen.getByText('On screen: Step 3 title');
    // Back in from outside the list, focus lands on the step on screen, and Tab leaves the list at once.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before the steps' }));
    await user.keyboard('{ArrowLeft}');
    await user.tab();
    expect(document.activeElement).toBe(tabs[2]);
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the Tab key on the last step focused when focus went elsewhere in the list', async () => {
    const user = userEvent.setup();
    const { tabs } = renderStepper(progressed, 's3');
    await user.tab();
    await user.tab();
    await user.keyboard('{Home}');
    await user.tab({ shift: true });
    await user.tab();
    expect(document.activeElement).toBe(tabs[0]);
  });
});

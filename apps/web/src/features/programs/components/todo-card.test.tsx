import type { ProgramOutline } from '@liftoff/contracts/programs';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FeatureSlotsProvider } from '../../../components/feature-slots';
import { TodoCard } from './todo-card';

const worksheet = (answer: string) => ({
  fields: [{ key: 'who', label: 'Who?', kind: 'text', help: '', required: true }],
  answers: answer ? { who: answer } : {},
  updatedAt: null,
});
const step = (index: number, status: string, doLater: boolean, answer = 'Dentists') => ({
  id: `s${index}`,
  index,
  status,
  doLater,
  title: `Step ${index}`,
  rating: null,
  worksheet: worksheet(answer),
});
const program = (steps: ReturnType<typeof step>[]) =>
  ({
    userMilestone: [
      {
        id: 'm1',
        index: 1,
        status: 'ONGOING',
        userMission: [
          {
            id: 'x1',
            index: 1,
            status: 'ONGOING',
            name: 'Frame the problem',
            deliverable: null,
            userStep: steps,
          },
        ],
      },
    ],
  }) as unknown as ProgramOutline;

function renderCard(outline: ProgramOutline) {
  render(
    <MemoryRouter>
      <FeatureSlotsProvider slots={{ upcomingMeetings: () => <p>Meeting with Maya on Friday</p> }}>
        <TodoCard program={outline} />
      </FeatureSlotsProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Your to-do' });
}

describe('TodoCard', () => {
  it('lists what was left behind, each with a link that names it and leads to its step', () => {
    const card = renderCard(
      program([step(1, 'ONGOING', true), step(2, 'COMPLETED', false, ''), step(3, 'COMPLETED', false)]),
    );
    const items = within(within(card).getByRole('list', { name: 'Left to do in your program' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Step 1', 'Step 2']);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Put off in “Frame the problem”'),
      expect.stringContaining('Worksheet left empty in “Frame the problem”'),
    ]);
    expect(within(card).getByRole('link', { name: 'Finish “Step 1”' }).getAttribute('href')).toBe(
      '/mission-details/x1/s1',
    );
    expect(within(card).getByRole('link', { name: 'Fill in “Step 2”' }).getAttribute('href')).toBe(
      '/mission-details/x1/s2',
    );
    // The icons say nothing a screen reader needs: the words next to them do.
    for (const icon of card.querySelectorAll('svg')) expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(within(card).getByText('Meeting with Maya on Friday')).toBeTruthy();
  });

  it('says so when nothing is left behind, and still shows the meetings', () => {
    const card = renderCard(program([step(1, 'COMPLETED', false), step(2, 'ONGOING', false)]));
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).getByText(/^Nothing left behind/)).toBeTruthy();
    expect(within(card).getByText('Meeting with Maya on Friday')).toBeTruthy();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Mission, Step } from '@liftoff/contracts/programs';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { missionWith } from '../testing/mission';
import { StepView } from './step-view';

const step = (index: number, overrides: Partial<Step> = {}): Step => ({
  id: `step-${index}`,
  index,
  key: `step-${index}`,
  title: `Step title ${index}`,
  type: 'CONTENT',
  body: '',
  bodyHtml: '<p>Read this first.</p>',
  estimatedMinutes: 15,
  toolUrl: null,
  worksheet: null,
  status: 'LOCKED',
  doLater: false,
  rating: null,
  completedAt: null,
  ...overrides,
});

const worksheetStep = step(2, {
  title: 'Value proposition canvas',
  type: 'TOOL',
  estimatedMinutes: 90,
  status: 'ONGOING',
  worksheet: {
    fields: [{ key: 'jobs', label: 'Customer jobs', kind: 'textarea', help: 'What they try to get done.' }],
    answers: {},
    updatedAt: null,
  },
});

async function renderStep(mission: Mission, shown: Step) {
  const app = createAppStore({ storage: window.localStorage, fetch: vi.fn() as unknown as typeof fetch });
  await app.whenReady();
  const router = createMemoryRouter(
    [{ path: '*', element: <StepView mission={mission} step={shown} onAdvanced={() => undefined} /> }],
    { initialEntries: [`/mission-details/${mission.id}/${shown.id}`] },
  );
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('StepView', () => {
  it('names the step in its card, says where it stands, and keeps unsaved answers in view', async () => {
    window.localStorage.clear();
    const mission = missionWith([step(1, { status: 'COMPLETED' }), worksheetStep, step(3)]);
    await renderStep(mission, worksheetStep);

    const card = screen.getByRole('article', { name: 'Value proposition canvas' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Value proposition canvas' })).toBeTruthy();
    expect(within(card).getByText('Step 2 of 3')).toBeTruthy();
    expect(within(card).getByText('Worksheet')).toBeTruthy();
    expect(within(card).getByText('about 1 h 30 min')).toBeTruthy();
    // The chips' icons are decoration: the words say it.
    for (const icon of card.querySelectorAll('.step-view__kinds svg'))
      expect(icon.getAttribute('aria-hidden')).toBe('true');

    const worksheet = within(card).getByRole('region', { name: 'Your worksheet' });
    expect(within(worksheet).getByText('Nothing saved yet')).toBeTruthy();
    fireEvent.change(within(worksheet).getByRole('textbox', { name: 'Customer jobs' }), {
      target: { value: 'Hire a designer' },
    });
    expect(within(worksheet).getByText('Unsaved changes, kept on this device')).toBeTruthy();
    expect(within(card).getByText('Save your answers first: the coach reads what is saved.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Do later' })).toBeTruthy();
  });

  it('marks a finished step as completed and leads on to the next open step', async () => {
    window.localStorage.clear();
    const done = step(1, { status: 'COMPLETED', title: 'Read the brief' });
    const mission = missionWith([done, step(2, { status: 'ONGOING' })]);
    await renderStep(mission, done);

    const card = screen.getByRole('article', { name: 'Read the brief' });
    expect(within(card).getByText('Reading')).toBeTruthy();
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Next' })).toBeNull();
    const next = within(card).getByRole('link', { name: 'Next step' });
    expect(next.getAttribute('href')).toBe('/mission-details/mission-1/step-2');
  });

  it('says a step put off for later is put off, and offers to mark it done', async () => {
    window.localStorage.clear();
    const putOff = step(1, { status: 'ONGOING', doLater: true, title: 'Interview five customers' });
    await renderStep(missionWith([putOff, step(2, { status: 'ONGOING' })]), putOff);

    const card = screen.getByRole('article', { name: 'Interview five customers' });
    expect(within(card).getByText('Put off for later')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Mark as done' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Do later' })).toBeNull();
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Step } from '@liftoff/contracts/programs';
import type { MissionContributions } from '@liftoff/contracts/programs-contributions';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { paths } from '../../../config/paths';
import { programsApi } from '../api';
import { MissionDetailsPage } from '../pages/mission-details-page';
import { missionWith } from '../testing/mission';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const step: Step = {
  id: 'step-1',
  index: 1,
  key: 'canvas',
  title: 'Value proposition canvas',
  type: 'TOOL',
  body: '',
  bodyHtml: '<p>Fill in the canvas.</p>',
  estimatedMinutes: 30,
  toolUrl: null,
  worksheet: {
    fields: [{ key: 'jobs', label: 'Customer jobs', kind: 'textarea', help: 'What they try to get done.' }],
    answers: {},
    updatedAt: null,
  },
  status: 'ONGOING',
  doLater: false,
  rating: null,
  completedAt: null,
};

const mission = missionWith([step]);

const person = (overrides: Partial<MissionContributions['people'][number]>) => ({
  userId: 'user-ada',
  name: 'Ada Lovelace',
  member: true,
  fieldsAnswered: 0,
  stepsCompleted: [],
  versionsHandedIn: [],
  ...overrides,
});

const team: MissionContributions = {
  missionId: 'mission-1',
  fieldsTotal: 6,
  people: [
    person({ fieldsAnswered: 4, stepsCompleted: ['step-1', 'step-2'] }),
    person({ userId: 'user-ben', name: 'Ben Okafor', versionsHandedIn: [2] }),
    person({ userId: 'user-cy', name: 'Cy Ng', member: false, fieldsAnswered: 1, versionsHandedIn: [1, 3] }),
    person({ userId: null, name: 'Former member', member: false, stepsCompleted: ['step-3'] }),
  ],
};

type Answer = () => Response;

/**
 * The real store and router with the network edge mocked: each contributions call takes the next answer
 * (the last one repeats); the mission and its milestone always answer.
 */
async function renderMission(contributions: Answer[]) {
  const answers = [...contributions];
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push(`${method} ${new URL(url, 'http://localhost').pathname}`);
    if (url.includes('/contributions')) return (answers.length > 1 ? answers.shift()! : answers[0]!)();
    if (url.includes('/worksheet')) return json(200, { message: 'Saved.', data: step });
    if (url.includes('/next-step')) {
      const result = { mission, nextStepId: null, missionCompleted: false, milestoneCompleted: false };
      return json(200, { message: 'Step completed.', data: { ...result, unlockedMilestoneId: null } });
    }
    if (url.includes('/userMission/mission-1')) return json(200, { message: 'Mission.', data: mission });
    if (url.includes('/userMilestone/')) return json(200, { message: 'Milestone.', data: { expert: null } });
    return json(404, { message: 'Not found.' });
  });
  const { store } = await renderSignedIn(
    [{ path: paths.missionDetails, element: <MissionDetailsPage /> }],
    '/mission-details/mission-1/step-1',
    fetchImpl,
  );
  const contributionCalls = () => calls.filter((call) => call.endsWith('/contributions')).length;
  return { store, contributionCalls };
}

describe('Who did what on the mission page', () => {
  it("says each person's part in plain words, former members included", async () => {
    window.localStorage.clear();
    await renderMission([() => json(200, { message: 'Contributions.', data: team })]);

    const section = await screen.findByRole('region', { name: 'Who did what' });
    const items = await within(section).findAllByRole('listitem');
    // Read as a screen reader would: the initials beside each name are decoration.
    const said = items.map((item) =>
      within(item)
        .getAllByText(/./, { ignore: '[aria-hidden="true"], [aria-hidden="true"] *' })
        .map((line) => line.textContent),
    );
    expect(said).toEqual([
      ['Ada Lovelace answered 4 of 6 fields and completed 2 steps.'],
      ['Ben Okafor handed in version 2.'],
      ['Cy Ng answered 1 of 6 fields and handed in versions 1 and 3.', 'No longer in the startup'],
      ['Former member completed 1 step.'],
    ]);
  });

  it('stays away for a founder working alone', async () => {
    window.localStorage.clear();
    const alone: MissionContributions = { ...team, people: [team.people[0]!] };
    const { contributionCalls } = await renderMission([
      () => json(200, { message: 'Contributions.', data: alone }),
    ]);

    await screen.findByRole('heading', { level: 1, name: 'Value proposition' });
    await vi.waitFor(() => expect(contributionCalls()).toBe(1));
    // Once answered, the loading section is gone and nothing takes its place.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Who did what' })).toBeNull());
  });

  it('says a failure quietly and tries again from the keyboard', async () => {
    window.localStorage.clear();
    const user = userEvent.setup();
    await renderMission([
      () => json(500, { message: 'Something went wrong.' }),
      () => json(200, { message: 'Contributions.', data: team }),
    ]);

    const retry = await screen.findByRole('button', { name: 'Try again' });
    const section = screen.getByRole('region', { name: 'Who did what' });
    expect(within(section).getByText('Could not load who did what.')).toBeTruthy();
    // Quiet: no toast speaks the server's message.
    expect(screen.queryByText('Something went wrong.')).toBeNull();

    retry.focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByText('Ben Okafor handed in version 2.')).toBeTruthy();
  });

  it('asks again once a worksheet is saved or a step completed', async () => {
    window.localStorage.clear();
    const later: MissionContributions = {
      ...team,
      people: [team.people[0]!, person({ userId: 'user-ben', name: 'Ben Okafor', fieldsAnswered: 2 })],
    };
    const { store, contributionCalls } = await renderMission([
      () => json(200, { message: 'Contributions.', data: team }),
      () => json(200, { message: 'Contributions.', data: later }),
    ]);
    const section = await screen.findByRole('region', { name: 'Who did what' });
    await within(section).findByText('Ben Okafor handed in version 2.');

    await act(async () => {
      await store.dispatch(
        programsApi.endpoints.saveWorksheet.initiate({
          stepId: 'step-1',
          missionId: 'mission-1',
          answers: { jobs: 'Ship faster' },
        }),
      );
    });
    expect(await within(section).findByText('Ben Okafor answered 2 of 6 fields.')).toBeTruthy();
    expect(contributionCalls()).toBe(2);

    await act(async () => {
      await store.dispatch(
        programsApi.endpoints.nextStep.initiate({ stepId: 'step-1', doLater: false, missionId: 'mission-1' }),
      );
    });
    await vi.waitFor(() => expect(contributionCalls()).toBe(3));
  });
});

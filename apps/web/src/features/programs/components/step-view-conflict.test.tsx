import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Step } from '@liftoff/contracts/programs';
import type { MissionContributions } from '@liftoff/contracts/programs-contributions';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { paths } from '../../../config/paths';
import { MissionDetailsPage } from '../pages/mission-details-page';
import { missionWith } from '../testing/mission';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const at = '2026-12-01T10:00:00.000Z';
const opened: Step = {
  id: 'step-1',
  index: 1,
  key: 'canvas',
  title: 'Problem and jobs',
  type: 'TOOL',
  body: '',
  bodyHtml: '<p>Fill in the canvas.</p>',
  estimatedMinutes: 30,
  toolUrl: null,
  worksheet: {
    fields: [
      { key: 'problem', label: 'Problem', kind: 'textarea', help: 'What hurts.' },
      { key: 'jobs', label: 'Customer jobs', kind: 'textarea', help: 'What they try to get done.' },
    ],
    answers: { problem: 'Invoices are slow' },
    updatedAt: at,
    versions: { problem: { version: 1, updatedBy: 'user-ada', updatedAt: at } },
  },
  status: 'ONGOING',
  doLater: false,
  rating: null,
  completedAt: null,
};

const team: MissionContributions = {
  missionId: 'mission-1',
  fieldsTotal: 2,
  people: [
    {
      userId: 'user-ben',
      name: 'Ben Okafor',
      member: true,
      fieldsAnswered: 1,
      stepsCompleted: [],
      versionsHandedIn: [],
    },
  ],
};

const theirs = 'Invoices are slow and often wrong';
const mine = 'Founders chase invoices by hand';

/**
 * The real store and page with the network edge mocked as a server would answer: Ben saved "Problem" (now
 * version 2) after this person opened the step, so a save from version 1 is refused with both texts.
 */
async function renderConflict({ served = opened, typed = true } = {}) {
  let step = served;
  let problemVersion = 2;
  const saves: { key: string; value: string; version: number }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const answer = /\/userStep\/step-1\/answers\/(\w+)$/.exec(url);
    if (answer && init?.method === 'PUT') {
      const key = answer[1]!;
      const body = JSON.parse(String(init.body)) as { value: string; version: number };
      saves.push({ key, ...body });
      const current = key === 'problem' ? problemVersion : 0;
      if (body.version !== current)
        return json(409, {
          code: 'CONFLICT',
          message: 'This field was saved by someone else since you opened it.',
          details: [
            { path: 'saved', message: theirs },
            { path: 'yours', message: body.value },
            { path: 'version', message: String(current) },
            { path: 'savedBy', message: 'user-ben' },
          ],
        });
      if (key === 'problem') problemVersion += 1;
      const worksheet = step.worksheet!;
      step = {
        ...step,
        worksheet: {
          ...worksheet,
          answers: { ...worksheet.answers, [key]: body.value },
          versions: {
            ...worksheet.versions,
            [key]: { version: current + 1, updatedBy: 'user-ada', updatedAt: at },
          },
        },
      };
      return json(200, { message: 'Saved.', data: step });
    }
    if (url.includes('/contributions')) return json(200, { message: 'Contributions.', data: team });
    if (url.includes('/userMission/mission-1'))
      return json(200, { message: 'Mission.', data: missionWith([step]) });
    if (url.includes('/userMilestone/')) return json(200, { message: 'Milestone.', data: { expert: null } });
    return json(404, { message: 'Not found.' });
  });
  await renderSignedIn(
    [{ path: paths.missionDetails, element: <MissionDetailsPage /> }],
    '/mission-details/mission-1/step-1',
    fetchImpl,
  );
  await screen.findByRole('region', { name: 'Who did what' });
  const user = userEvent.setup();
  const worksheet = await screen.findByRole('region', { name: 'Your worksheet' });
  if (typed) {
    const problem = within(worksheet).getByRole('textbox', { name: 'Problem' });
    await user.clear(problem);
    await user.type(problem, mine);
    await user.type(within(worksheet).getByRole('textbox', { name: 'Customer jobs' }), 'Get paid on time');
  }
  await user.click(within(worksheet).getByRole('button', { name: 'Save answers' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Ben Okafor changed “Problem” while you were editing',
  });
  return { user, dialog, worksheet, saves };
}

describe('Two people on one worksheet', () => {
  it('shows both texts when a field was saved by someone else, and keeps the other fields saved', async () => {
    window.localStorage.clear();
    const { dialog, saves } = await renderConflict();

    expect(within(dialog).getByRole('region', { name: 'Ben Okafor’s text' }).textContent).toContain(theirs);
    expect(within(dialog).getByRole('region', { name: 'Your text' }).textContent).toContain(mine);
    // Each changed field went on its own, from the version it was edited from; "Customer jobs" was saved.
    expect(saves).toEqual([
      { key: 'problem', value: mine, version: 1 },
      { key: 'jobs', value: 'Get paid on time', version: 0 },
    ]);
  });

  it('"Keep mine" saves the person\'s text again from the current version', async () => {
    window.localStorage.clear();
    const { user, dialog, worksheet, saves } = await renderConflict();

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves.at(-1)).toEqual({ key: 'problem', value: mine, version: 2 });
    expect(await within(worksheet).findByText(/^Saved /)).toBeTruthy();
    expect((within(worksheet).getByRole('textbox', { name: 'Problem' }) as HTMLTextAreaElement).value).toBe(
      mine,
    );
  });

  it('"Use theirs" puts their text in the field without saving over it', async () => {
    window.localStorage.clear();
    const { user, dialog, worksheet, saves } = await renderConflict();

    await user.click(within(dialog).getByRole('button', { name: 'Use theirs' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(worksheet).getByRole('textbox', { name: 'Problem' }) as HTMLTextAreaElement).value).toBe(
      theirs,
    );
    expect(saves).toHaveLength(2);
    // Their text is the saved one now: nothing is left waiting to be saved.
    expect(await within(worksheet).findByText(/^Saved /)).toBeTruthy();
  });

  it('saves a draft kept on the device from the version it was typed over, not the one loaded later', async () => {
    window.localStorage.clear();
    // Typed over version 1 before a reload; meanwhile Ben saved version 2, which the page now loads.
    window.localStorage.setItem('liftoff.draft.worksheet.step-1', JSON.stringify({ problem: mine }));
    window.localStorage.setItem('liftoff.draft.worksheet.step-1.versions', JSON.stringify({ problem: 1 }));
    const worksheet = opened.worksheet!;
    const served: Step = {
      ...opened,
      worksheet: {
        ...worksheet,
        answers: { problem: theirs },
        versions: { problem: { version: 2, updatedBy: 'user-ben', updatedAt: at } },
      },
    };
    const { dialog, saves } = await renderConflict({ served, typed: false });

    expect(saves).toEqual([{ key: 'problem', value: mine, version: 1 }]);
    expect(within(dialog).getByRole('region', { name: 'Ben Okafor’s text' }).textContent).toContain(theirs);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  exampleProgram,
  type ProgramDocument,
  type ProgramDraft,
} from '@liftoff/contracts/programs-authoring';
import { describe, expect, it, vi } from 'vitest';
import { seriousAxeProblems } from './axe-check';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { json } from '../../../app/testing/studio-people';
import { ProgramEditorPage } from './program-editor-page';

const SLOW = 30_000;
const routes = [
  { path: '/studio/programs/:programKey', element: <ProgramEditorPage /> },
  { path: '/studio/programs', element: <h1>All programs</h1> },
];
const PATH = '/studio/programs/venture-foundations';

/** The example program with a title of its own on every step, so each can be found in the outline. */
const program: ProgramDocument = {
  ...exampleProgram,
  milestones: exampleProgram.milestones.map((milestone) => ({
    ...milestone,
    missions: milestone.missions.map((mission) => ({
      ...mission,
      steps: mission.steps.map((step) => ({ ...step, title: `${mission.key}: ${step.key}` })),
    })),
  })),
};
const draft = (document: ProgramDocument): ProgramDraft => ({
  key: document.key,
  basedOnVersion: 2,
  document,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'u1',
});

type Sent = { method: string; path: string; body: unknown };

/** The API of the draft: answers GET with the draft, and PUT / publish with what `answer` says. */
function server(answer: (sent: Sent) => Response | undefined = () => undefined) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method, path: url.pathname, body };
    if (method !== 'GET') sent.push(request);
    const answered = answer(request);
    if (answered) return answered;
    if (method === 'PUT')
      return json(200, { message: 'Program draft saved successfully.', data: draft(body) });
    return json(200, { message: 'ok', data: draft(program) });
  });
  return { fetch, sent };
}

const stepsSent = (body: unknown, mission = 0) =>
  (body as ProgramDocument).milestones[0]!.missions[mission]!.steps;

async function openStep(title: string) {
  const outline = await screen.findByRole('navigation', { name: 'Program outline' });
  await userEvent.click(within(outline).getByRole('button', { name: title }));
  return screen.findByRole('heading', { level: 2, name: new RegExp(title) });
}

describe('the program draft editor', () => {
  it(
    'sends the whole document with a step’s new text when the draft is saved, and previews it as founders read it',
    async () => {
      const { fetch, sent } = server();
      await renderSignedIn(routes, PATH, fetch);
      await openStep('frame-the-problem: listen');
      const user = userEvent.setup();
      const body = screen.getByRole('textbox', { name: 'Step text (Markdown)' });
      await user.clear(body);
      await user.type(body, 'Ask about the **last** time.');
      const preview = screen.getByRole('region', { name: 'Preview, as founders read it' });
      expect(within(preview).getByText('last').tagName).toBe('STRONG');
      expect(screen.getByText('Unsaved changes: save the draft before publishing.')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await screen.findByText('All changes saved.');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.method).toBe('PUT');
      expect(sent[0]!.path).toBe('/api/studio/programs/venture-foundations/draft');
      expect(stepsSent(sent[0]!.body)[0]!.body).toBe('Ask about the **last** time.');
      // The rest of the document goes along untouched.
      expect(stepsSent(sent[0]!.body, 1)).toEqual(program.milestones[0]!.missions[1]!.steps);
    },
    SLOW,
  );

  it(
    'shows a refusal on the field it names and keeps what was typed',
    async () => {
      const { fetch } = server(({ method }) =>
        method === 'PUT'
          ? json(400, {
              message: 'Validation failed',
              code: 'VALIDATION_FAILED',
              details: [
                {
                  path: 'milestones.0.missions.0.steps.0.title',
                  message: 'Too small: expected string to have >=1 characters',
                },
              ],
            })
          : undefined,
      );
      await renderSignedIn(routes, PATH, fetch);
      await openStep('frame-the-problem: listen');
      const user = userEvent.setup();
      const title = screen.getByRole('textbox', { name: /^Step title/ });
      await user.clear(title);
      await user.type(title, 'Listen well');
      // Saved from elsewhere in the outline: the editor takes the user to the field the refusal names.
      await user.click(
        within(screen.getByRole('navigation', { name: 'Program outline' })).getAllByRole('button')[0]!,
      );
      await user.click(screen.getByRole('button', { name: 'Save draft' }));

      const refused = await screen.findByRole('textbox', { name: /^Step title/ });
      await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'));
      expect((refused as HTMLInputElement).value).toBe('Listen well');
      expect(refused.getAttribute('aria-describedby')).toBeTruthy();
      const description = document.getElementById(refused.getAttribute('aria-describedby')!.split(' ')[0]!);
      expect(description?.textContent).toBe('Too small: expected string to have >=1 characters');
      expect(screen.getByText('The draft was not saved: fix what is marked.')).toBeTruthy();
      expect(screen.getByText('Unsaved changes: save the draft before publishing.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says a save that failed for no field failed, and keeps the edit',
    async () => {
      const { fetch } = server(({ method }) =>
        method === 'PUT' ? json(503, { message: 'The database is busy.' }) : undefined,
      );
      await renderSignedIn(routes, PATH, fetch);
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: /^Program name/ }), '!');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText(/The draft was not saved; your changes are still here/)).toBeTruthy();
      expect((screen.getByRole('textbox', { name: /^Program name/ }) as HTMLInputElement).value).toBe(
        'Venture Foundations!',
      );
    },
    SLOW,
  );

  it(
    'sends the new order after a step is moved with the keyboard-reachable buttons',
    async () => {
      const { fetch, sent } = server();
      await renderSignedIn(routes, PATH, fetch);
      await openStep('frame-the-problem: listen');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Move step “frame-the-problem: listen” down' }));
      // The selection follows the step to its new place.
      expect(
        screen
          .getByRole('button', { name: 'Move step “frame-the-problem: listen” up' })
          .hasAttribute('disabled'),
      ).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await screen.findByText('All changes saved.');
      expect(stepsSent(sent[0]!.body).map((step) => step.key)).toEqual([
        'write-it-down',
        'listen',
        'check-it',
      ]);
    },
    SLOW,
  );

  it(
    'publishes only with a change summary, then says how many founders moved',
    async () => {
      const { fetch, sent } = server(({ method, path }) =>
        method === 'POST' && path.endsWith('/publish')
          ? json(201, {
              message: 'Program version published successfully.',
              data: {
                version: {
                  key: 'venture-foundations',
                  version: 3,
                  name: 'Venture Foundations',
                  contentHash: 'c',
                  structureHash: 's',
                  changeSummary: 'A sharper first step',
                  publishedBy: 'u1',
                  publishedAt: '2026-11-25T10:00:00.000Z',
                  founders: 2,
                },
                foundersMoved: 2,
              },
            })
          : undefined,
      );
      await renderSignedIn(routes, PATH, fetch);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Publish…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish a new version' });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(await within(dialog).findByText(/Write what changed/)).toBeTruthy();
      expect(sent).toEqual([]);

      await user.type(within(dialog).getByRole('textbox', { name: /^What changed/ }), 'A sharper first step');
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(await screen.findByText('Version 3 is published. 2 founders moved to it.')).toBeTruthy();
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/studio/programs/venture-foundations/publish',
          body: { summary: 'A sharper first step' },
        },
      ]);
    },
    SLOW,
  );

  it(
    'reorders by dragging within one list of the outline, and walks the outline with the arrow keys',
    async () => {
      const { fetch, sent } = server();
      await renderSignedIn(routes, PATH, fetch);
      const outline = await screen.findByRole('navigation', { name: 'Program outline' });
      const node = (name: string) => within(outline).getByRole('button', { name });
      fireEvent.dragStart(node('frame-the-problem: check-it'));
      // A step cannot be dropped on a step of another mission.
      expect(fireEvent.dragOver(node('customer-interviews: listen'))).toBe(true);
      expect(fireEvent.dragOver(node('frame-the-problem: listen'))).toBe(false);
      fireEvent.drop(node('frame-the-problem: listen'));
      expect(node('frame-the-problem: check-it').getAttribute('aria-current')).toBe('true');

      const user = userEvent.setup();
      node('frame-the-problem: check-it').focus();
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(node('frame-the-problem: listen'));
      expect(
        await screen.findByRole('heading', { level: 2, name: /frame-the-problem: listen/ }),
      ).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await screen.findByText('All changes saved.');
      expect(stepsSent(sent[0]!.body).map((step) => step.key)).toEqual([
        'check-it',
        'listen',
        'write-it-down',
      ]);
    },
    SLOW,
  );

  it(
    'turns a step into a worksheet and sends its fields with the required flag',
    async () => {
      const { fetch, sent } = server();
      await renderSignedIn(routes, PATH, fetch);
      await openStep('frame-the-problem: write-it-down');
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Step type' }));
      await user.click(await screen.findByRole('option', { name: 'Worksheet (tool)' }));
      const worksheet = await screen.findByRole('region', { name: 'Worksheet' });
      const label = within(worksheet).getByRole('textbox', { name: /^Label/ });
      await user.clear(label);
      await user.type(label, 'Who has the problem');
      await user.click(within(worksheet).getByRole('checkbox', { name: 'Required before the step is done' }));
      await user.click(within(worksheet).getByRole('button', { name: 'Add a field' }));
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await screen.findByText('All changes saved.');
      const step = stepsSent(sent[0]!.body)[1]!;
      expect(step.type).toBe('TOOL');
      expect(step.worksheet).toEqual({
        fields: [
          { key: 'answer', label: 'Who has the problem', kind: 'text', help: '', required: true },
          { key: 'new-field', label: 'New field', kind: 'text', help: '' },
        ],
      });
    },
    SLOW,
  );

  it(
    'has no serious accessibility problem axe can find without a browser, on a worksheet step',
    async () => {
      const { fetch } = server();
      await renderSignedIn(routes, PATH, fetch);
      await openStep('frame-the-problem: check-it');
      await userEvent.click(screen.getByRole('combobox', { name: 'Step type' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Worksheet (tool)' }));
      await screen.findByRole('region', { name: 'Worksheet' });
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      expect(await seriousAxeProblems()).toEqual([]);
    },
    SLOW,
  );

  it(
    'asks before leaving with unsaved changes',
    async () => {
      const { fetch } = server();
      const { router } = await renderSignedIn(routes, PATH, fetch);
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: /^Program name/ }), ' 2');
      await user.click(screen.getByRole('link', { name: 'All programs' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe(PATH);
      expect((screen.getByRole('textbox', { name: /^Program name/ }) as HTMLInputElement).value).toBe(
        'Venture Foundations 2',
      );
    },
    SLOW,
  );

  it(
    'says so when the program does not exist',
    async () => {
      const fetch = vi.fn(async () => json(404, { message: 'Program not found.', code: 'NOT_FOUND' }));
      await renderSignedIn(routes, '/studio/programs/nothing-here', fetch);
      expect(await screen.findByText("We could not find the program's draft.")).toBeTruthy();
    },
    SLOW,
  );
});

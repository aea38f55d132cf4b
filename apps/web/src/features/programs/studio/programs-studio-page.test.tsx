import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exampleProgram, type ProgramVersion } from '@liftoff/contracts/programs-authoring';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeProblems } from './axe-check';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { json } from '../../../app/testing/studio-people';
import { ProgramsStudioPage } from './programs-studio-page';

const SLOW = 30_000;
const routes = [{ path: '/studio/programs', element: <ProgramsStudioPage /> }];
const programs = [
  { key: 'venture-foundations', name: 'Venture Foundations', summary: 'From an idea to paying customers.' },
];
const version = (n: number, over: Partial<ProgramVersion> = {}): ProgramVersion => ({
  key: 'venture-foundations',
  version: n,
  name: 'Venture Foundations',
  contentHash: `c${n}`,
  structureHash: `s${n}`,
  changeSummary: null,
  publishedBy: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  founders: 0,
  ...over,
});
const versions = [
  version(2, { changeSummary: 'A sharper first step', publishedBy: 'Morgan Manager', founders: 12 }),
  version(1, { founders: 1 }),
];

/** The API for an import: the program list, its versions, and `answer` to the import, recording what is sent. */
function importServer(answer: unknown) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://app').pathname;
    if (path === '/api/studio/programs/import') {
      sent.push(JSON.parse(String(init?.body)));
      return json(200, { message: 'Program pack imported successfully.', data: answer });
    }
    if (path === '/api/studio/programs') return json(200, { message: 'ok', data: programs });
    return json(200, { message: 'ok', data: versions });
  });
  return { fetch, sent };
}

afterEach(() => vi.restoreAllMocks());

describe('the studio’s programs page', () => {
  it(
    'lists each version with what changed, who published it and the founders on it, and exports one as a pack file',
    async () => {
      const pack = { format: 'liftoff-program-pack/1', contentHash: 'c2', program: exampleProgram };
      const fetch = vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://app').pathname;
        if (path === '/api/studio/programs') return json(200, { message: 'ok', data: programs });
        if (path.endsWith('/versions')) return json(200, { message: 'ok', data: versions });
        if (path.endsWith('/versions/2/export')) return json(200, { message: 'ok', data: pack });
        return json(404, { message: 'Not found' });
      });
      const saved: Blob[] = [];
      const names: string[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:pack'));
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      await renderSignedIn(routes, '/studio/programs', fetch);

      const list = await screen.findByRole('list', { name: 'Versions of Venture Foundations' });
      const [newest, first] = within(list).getAllByRole('listitem');
      expect(within(newest!).getByText('A sharper first step')).toBeTruthy();
      expect(within(newest!).getByText(/by Morgan Manager · 12 founders on it/)).toBeTruthy();
      expect(within(newest!).getByText('Current')).toBeTruthy();
      expect(within(first!).getByText('Imported from the content pack files.')).toBeTruthy();
      expect(within(first!).getByText(/1 founder on it/)).toBeTruthy();
      expect(
        screen.getByRole('link', { name: 'Edit draft of Venture Foundations' }).getAttribute('href'),
      ).toBe('/studio/programs/venture-foundations');

      await userEvent.click(screen.getByRole('button', { name: 'Export version 2 as a pack file' }));
      await vi.waitFor(() => expect(names).toEqual(['venture-foundations-v2.json']));
      expect(JSON.parse(await saved[0]!.text())).toEqual(pack);

      expect(await seriousAxeProblems()).toEqual([]);
    },
    SLOW,
  );

  it(
    'imports a pack file as the draft and says what happened',
    async () => {
      const { fetch, sent } = importServer({
        outcome: 'draft',
        contentHash: 'c',
        version: null,
        foundersMoved: 0,
      });
      await renderSignedIn(routes, '/studio/programs', fetch);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Import a pack' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import a program pack' });

      await user.upload(
        within(dialog).getByLabelText('Choose a pack file'),
        new File(['{ not json'], 'broken.json', { type: 'application/json' }),
      );
      expect(await within(dialog).findByText(/This file is not JSON/)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);

      const file = JSON.stringify({
        format: 'liftoff-program-pack/1',
        contentHash: 'c',
        program: exampleProgram,
      });
      await user.upload(
        within(dialog).getByLabelText('Choose a pack file'),
        new File([file], 'venture-foundations-v2.json', { type: 'application/json' }),
      );
      expect(
        await within(dialog).findByText(/Venture Foundations \(venture-foundations\), version 2/),
      ).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('The pack is now the draft of its program.')).toBeTruthy();
      expect(sent).toEqual([{ as: 'draft', program: exampleProgram }]);
    },
    SLOW,
  );

  it(
    'imports a pack as a new version only with a change summary',
    async () => {
      const { fetch, sent } = importServer({
        outcome: 'created',
        contentHash: 'c3',
        version: version(3),
        foundersMoved: 4,
      });
      await renderSignedIn(routes, '/studio/programs', fetch);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Import a pack' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import a program pack' });
      await user.upload(
        within(dialog).getByLabelText('Choose a pack file'),
        new File([JSON.stringify(exampleProgram)], 'program.json', { type: 'application/json' }),
      );
      await user.click(within(dialog).getByRole('radio', { name: /A published version/ }));
      await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('Write what changed in this version.')).toBeTruthy();
      expect(sent).toEqual([]);

      await user.type(within(dialog).getByRole('textbox', { name: /^What changed/ }), 'From the files');
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('The pack is published as a new version.')).toBeTruthy();
      expect(sent).toEqual([{ as: 'version', program: exampleProgram, summary: 'From the files' }]);
    },
    SLOW,
  );

  it(
    'offers an import when there is no program, and a retry when the list cannot load',
    async () => {
      let fail = true;
      const fetch = vi.fn(async () =>
        fail ? json(500, { message: 'The server is resting.' }) : json(200, { message: 'ok', data: [] }),
      );
      await renderSignedIn(routes, '/studio/programs', fetch);
      expect(await screen.findByText('The server is resting.')).toBeTruthy();
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'No programs yet' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Import a pack' })).toBeTruthy();
    },
    SLOW,
  );
});

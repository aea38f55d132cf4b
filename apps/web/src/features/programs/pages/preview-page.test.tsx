import { render, screen, within } from '@testing-library/react';
import type { Preview } from '@liftoff/contracts/programs';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { PreviewPage } from './preview-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const outcome: Preview = {
  kind: 'outcome',
  outcome: { title: 'A problem worth solving', description: 'Who hurts, and how much.' },
  completedAt: '2026-11-20T10:00:00.000Z',
  iconUrl: '/api/content/icons/discovery.svg',
  programName: 'Venture Foundations',
  milestoneName: 'Problem & Customer Discovery',
  sharedBy: { founderName: 'Ada Founder', startupName: 'Acme' },
  expiresAt: '2026-12-20T10:00:00.000Z',
  missions: [
    {
      name: 'Frame the problem',
      deliverableTitle: 'Problem statement',
      answers: [{ label: 'Who has the problem?', answer: 'Busy founders' }],
      attachments: [
        {
          fileName: 'deck.pdf',
          mimeType: 'application/pdf',
          size: 2048,
          downloadUrl: '/api/preview/tok/files/f1',
        },
        { fileName: 'board.png', mimeType: 'image/png', size: 512, downloadUrl: '/api/preview/tok/files/f2' },
        {
          fileName: 'notes.docx',
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          size: 900,
          downloadUrl: '/api/preview/tok/files/f3',
        },
      ],
    },
    { name: 'Talk to customers', deliverableTitle: null, answers: [], attachments: [] },
  ],
};

async function renderPreview(answer: () => Response) {
  const fetchImpl = vi.fn(async () => answer());
  const app = createAppStore({ storage: window.localStorage, fetch: fetchImpl as typeof fetch });
  await app.whenReady();
  const router = createMemoryRouter([{ path: '/preview/:token?', element: <PreviewPage /> }], {
    initialEntries: ['/preview?token=tok'],
  });
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchImpl;
}

const SLOW = 30_000;

describe('the public preview of a shared outcome', () => {
  it(
    'names who shared it, shows the answers inline, each file with Download and PDFs and images in the page',
    async () => {
      await renderPreview(() => json(200, { message: 'ok', data: outcome }));
      expect(await screen.findByTestId('shared-by')).toHaveProperty(
        'textContent',
        'Shared by Ada Founder of Acme',
      );
      expect(screen.getByTestId('link-expiry').textContent).toMatch(/^This link expires on .*2026\.$/);
      expect(screen.getByText('Who has the problem?')).toBeTruthy();
      expect(screen.getByText('Busy founders')).toBeTruthy();
      const files = screen.getAllByTestId('shared-file');
      expect(files).toHaveLength(3);
      const download = within(files[0]!).getByRole('link', { name: 'Download deck.pdf' });
      expect(download.getAttribute('href')).toMatch(/\/preview\/tok\/files\/f1$/);
      expect(download.getAttribute('download')).toBe('deck.pdf');
      const pdf = within(files[0]!).getByTitle('Preview of deck.pdf');
      expect(pdf.tagName).toBe('IFRAME');
      expect(pdf.getAttribute('src')).toMatch(/\/preview\/tok\/files\/f1\?inline=1$/);
      // Where the browser cannot show a PDF, the fallback offers the file instead.
      expect(within(files[0]!).getByRole('link', { name: 'Save deck.pdf' })).toBeTruthy();
      expect(within(files[1]!).getByRole('img', { name: 'Preview of board.png' })).toBeTruthy();
      // A Word file has no in-page preview, only its download.
      expect(files[2]!.querySelector('iframe, img')).toBeNull();
      expect(within(files[2]!).getByRole('link', { name: 'Download notes.docx' })).toBeTruthy();
      expect(screen.getByText('No answers or files for this mission yet.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows no names the founder chose to hide, and no expiry for a link that never expires',
    async () => {
      await renderPreview(() =>
        json(200, {
          message: 'ok',
          data: { ...outcome, sharedBy: { founderName: null, startupName: 'Acme' }, expiresAt: null },
        }),
      );
      expect((await screen.findByTestId('shared-by')).textContent).toBe('Shared by Acme');
      expect(screen.queryByTestId('link-expiry')).toBeNull();
      expect(screen.queryByText(/Ada/)).toBeNull();
    },
    SLOW,
  );

  it(
    'says an expired link has expired, with the server’s words',
    async () => {
      const message = 'This link expired on December 20, 2026. Ask the founder for a new one.';
      await renderPreview(() => json(404, { message, statusCode: 404, code: 'NOT_FOUND' }));
      expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
    },
    SLOW,
  );
});

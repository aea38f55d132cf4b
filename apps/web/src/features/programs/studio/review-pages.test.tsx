import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewQueueItem, StudioDeliverable } from '@liftoff/contracts/programs-review';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { paths } from '../../../config/paths';
import { ReviewPage } from './review-page';
import { ReviewQueuePage } from './review-queue-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SLOW = 30_000;

const item = (id: string, over: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  id,
  status: 'submitted',
  founder: { id: `f-${id}`, name: `Founder ${id}`, email: `${id}@example.com`, startupName: `Startup ${id}` },
  cohort: { id: 'c1', name: 'Autumn 2026' },
  programName: 'Venture Foundations',
  milestoneName: 'Problem & Customer Discovery',
  missionName: 'Customer interviews',
  deliverableTitle: `Interview notes ${id}`,
  versionCount: 1,
  submittedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const routes = [
  { path: paths.studioReviews, element: <ReviewQueuePage /> },
  { path: paths.studioReview, element: <ReviewPage /> },
];

describe('the review queue', () => {
  it(
    'lists what waits for the team, filtered by status and cohort',
    async () => {
      const fetch = vi.fn(async () =>
        json(200, {
          message: 'ok',
          data: [
            item('a'),
            item('b', { status: 'approved' }),
            item('c', { status: 'in_review', cohort: { id: 'c2', name: 'Winter 2027' } }),
          ],
        }),
      );
      await renderSignedIn(routes, paths.studioReviews, fetch);
      const grid = await screen.findByRole('grid', { name: 'Deliverables' });
      // Waiting for the team by default: the approved one is left out.
      await within(grid).findByRole('link', { name: 'Founder a' });
      expect(within(grid).getByRole('link', { name: 'Founder c' })).toBeTruthy();
      expect(within(grid).queryByRole('link', { name: 'Founder b' })).toBeNull();

      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Cohort' }));
      await user.click(await screen.findByRole('option', { name: 'Winter 2027' }));
      await waitFor(() => expect(within(grid).queryByRole('link', { name: 'Founder a' })).toBeNull());
      expect(within(grid).getByRole('link', { name: 'Founder c' }).getAttribute('href')).toBe(
        '/studio/reviews/c',
      );
    },
    SLOW,
  );

  it(
    'says so when nothing was handed in',
    async () => {
      await renderSignedIn(
        routes,
        paths.studioReviews,
        vi.fn(async () => json(200, { message: 'ok', data: [] })),
      );
      expect(await screen.findByRole('heading', { name: 'Nothing to review yet' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the server’s message with a way to try again when loading fails',
    async () => {
      await renderSignedIn(
        routes,
        paths.studioReviews,
        vi.fn(async () =>
          json(400, { message: 'The queue is unavailable.', statusCode: 400, code: 'CONFLICT' }),
        ),
      );
      const retry = await screen.findByRole('button', { name: 'Try again' });
      // The page's own error state (the toast says it too): the server's message beside the retry.
      expect(
        within(retry.closest('[role="alert"]') as HTMLElement).getByText('The queue is unavailable.'),
      ).toBeTruthy();
    },
    SLOW,
  );
});

describe('the review page', () => {
  const deliverable = (over: Partial<StudioDeliverable> = {}): StudioDeliverable => ({
    ...item('d', { status: 'in_review', versionCount: 2 }),
    missionId: 'm1',
    missionStatus: 'COMPLETED',
    deliverable: { title: 'Interview notes d', description: 'Notes of ten interviews.', acceptedHint: 'PDF' },
    requiresApproval: false,
    versions: [
      {
        id: 'v2',
        number: 2,
        fileName: 'notes-v2.pdf',
        mimeType: 'application/pdf',
        size: 2048,
        createdAt: '2026-11-21T10:00:00.000Z',
        downloadUrl: '/api/studio/deliverables/d/versions/v2/download',
      },
      {
        id: 'v1',
        number: 1,
        fileName: 'notes-v1.txt',
        mimeType: 'text/plain',
        size: 12,
        createdAt: '2026-11-20T10:00:00.000Z',
        downloadUrl: '/api/studio/deliverables/d/versions/v1/download',
      },
    ],
    comments: [],
    allowedMoves: ['approved', 'changes_requested'],
    ...over,
  });

  it(
    'asks for a comment before requesting changes, then sends both together',
    async () => {
      const bodies: unknown[] = [];
      const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://app');
        if (init?.method === 'POST' && url.pathname.endsWith('/status')) {
          bodies.push(JSON.parse(String(init.body)));
          return json(200, {
            message: 'Deliverable status updated successfully.',
            data: deliverable({
              status: 'changes_requested',
              allowedMoves: ['in_review'],
              comments: [
                {
                  id: 'k1',
                  body: 'Add two more interviews.',
                  createdAt: '2026-11-22T10:00:00.000Z',
                  author: { id: 'm', name: 'Maya Manager', role: 'team' },
                },
              ],
            }),
          });
        }
        if (url.pathname.endsWith('/v1/download')) return new Response('hello world!', { status: 200 });
        return json(200, { message: 'ok', data: deliverable() });
      });
      await renderSignedIn(routes, '/studio/reviews/d', fetch);
      await screen.findByRole('heading', { level: 1, name: 'Interview notes d' });
      const user = userEvent.setup();

      // The text version previews inline; the PDF only downloads.
      const versions = screen.getByRole('list', { name: 'Versions' });
      expect(within(versions).getAllByRole('button', { name: 'Preview' })).toHaveLength(1);
      await user.click(within(versions).getByRole('button', { name: 'Preview' }));
      expect(await screen.findByText('hello world!')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Request changes' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
      await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
      expect(await within(dialog).findByText('Say what should change.')).toBeTruthy();
      expect(bodies).toEqual([]);

      await user.type(within(dialog).getByLabelText('What should change'), 'Add two more interviews.');
      await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
      await screen.findByText('Add two more interviews.', { selector: 'p' });
      expect(bodies).toEqual([{ status: 'changes_requested', comment: 'Add two more interviews.' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('button', { name: 'Reopen the review' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    },
    SLOW,
  );

  it(
    'says it cannot find a deliverable outside the caller’s cohorts',
    async () => {
      await renderSignedIn(
        routes,
        '/studio/reviews/x',
        vi.fn(async () =>
          json(404, { message: 'Deliverable not found', statusCode: 404, code: 'NOT_FOUND' }),
        ),
      );
      expect(await screen.findByText('We could not find this deliverable.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the review queue' })).toBeTruthy();
    },
    SLOW,
  );
});

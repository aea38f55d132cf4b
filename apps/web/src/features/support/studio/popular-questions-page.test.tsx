import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StudioExpertAnswer } from '@liftoff/contracts/support';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { StudioApp } from '../../../app/studio/studio-app';
import { json, manager } from '../../../app/testing/studio-people';

const answer: StudioExpertAnswer = {
  questionId: '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d',
  subject: 'Interviews',
  question: 'Are eight interviews enough?',
  answer: 'Stop when you hear nothing new.',
  expertName: 'Eve Expert',
  askedAt: '2026-11-20T10:00:00.000Z',
  milestoneKey: 'discovery',
  milestoneName: 'Customer discovery',
  promoted: false,
};

const SLOW = 30_000;

async function openPage(answers: () => Response) {
  const calls: string[] = [];
  let current = answer;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: manager });
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread: 0 } });
    if (url.pathname === '/api/studio/expert-answers') return answers();
    if (url.pathname.endsWith('/promotion')) {
      calls.push(`${init?.method} ${url.pathname}`);
      current = { ...current, promoted: init?.method === 'PUT' };
      return json(200, { message: 'Added to the popular questions.', data: current });
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn(
    [{ path: '/studio/*', element: <StudioApp /> }],
    '/studio/popular-questions',
    fetchImpl,
  );
  expect(await screen.findByRole('heading', { name: 'Popular questions' })).toBeTruthy();
  return calls;
}

describe('popular questions in the studio', () => {
  it(
    'adds an answered question to its milestone’s popular questions',
    async () => {
      let promoted = false;
      const calls = await openPage(() => json(200, { message: 'ok', data: [{ ...answer, promoted }] }));
      expect(await screen.findByText('Asked from the milestone “Customer discovery”')).toBeTruthy();
      promoted = true;
      fireEvent.click(screen.getByRole('button', { name: 'Add to popular questions' }));
      await waitFor(() =>
        expect(calls).toEqual([`PUT /api/studio/expert-answers/${answer.questionId}/promotion`]),
      );
      expect(await screen.findByRole('button', { name: 'Remove from popular questions' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says what goes here when nothing is answered, and offers a retry when loading fails',
    async () => {
      let fail = true;
      await openPage(() =>
        fail
          ? json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL' })
          : json(200, { message: 'ok', data: [] }),
      );
      const retry = await screen.findByRole('button', { name: 'Try again' });
      fail = false;
      fireEvent.click(retry);
      expect(await screen.findByText('No answered questions yet')).toBeTruthy();
    },
    SLOW,
  );
});

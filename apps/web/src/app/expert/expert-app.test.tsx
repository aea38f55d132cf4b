import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@liftoff/contracts/auth';
import type { QuestionThread } from '@liftoff/contracts/experts';
import { renderSignedIn, userWith } from '../testing/signed-in-app';
import { ExpertApp } from './expert-app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const person = userWith;

const thread: QuestionThread = {
  id: 'q1',
  expertId: 'e1',
  expert: { id: 'e1', firstName: 'Erin', lastName: 'Expert', profileImageUrl: '', headline: 'Pricing' },
  subject: 'How do we price it?',
  question: 'We sell to bakeries.',
  missionId: null,
  context: {
    founderName: 'Ada Founder',
    startupName: 'Acme',
    programName: 'Launch',
    milestoneName: 'Validate',
    missionName: 'Interviews',
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'OPEN',
  closedAt: null,
  messages: [],
};

const SLOW = 30_000;

async function openPortal(user: User, path: string) {
  const posts: { url: string; body: unknown }[] = [];
  const queries: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const url = new URL(request.url, 'http://app');
    if (url.pathname === '/api/auth/me') return json(200, { message: 'ok', data: user });
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread: 0 } });
    if (url.pathname === '/api/expert-portal/questions') {
      queries.push(url.search);
      return json(200, { message: 'ok', data: url.searchParams.get('status') === 'open' ? [thread] : [] });
    }
    if (url.pathname === '/api/expert-portal/questions/q1/messages') {
      const body = await request.json();
      posts.push({ url: url.pathname, body });
      return json(201, {
        message: 'ok',
        data: {
          ...thread,
          status: 'ANSWERED',
          messages: [{ id: 'm1', author: 'expert', body: body.body, createdAt: thread.createdAt }],
        },
      });
    }
    if (url.pathname === '/api/expert-portal/questions/q1')
      return json(200, { message: 'ok', data: posts.length ? { ...thread, status: 'ANSWERED' } : thread });
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  const rendered = await renderSignedIn([{ path: '/expert/*', element: <ExpertApp /> }], path, fetchImpl);
  return { ...rendered, posts, queries };
}

describe('the expert portal', () => {
  it(
    'lists open questions with the founder context, and empty answered ones',
    async () => {
      await openPortal(person(['founder', 'expert']), '/expert');
      expect(await screen.findByText('How do we price it?')).toBeTruthy();
      expect(screen.getByText(/Startup: Acme · Program: Launch · Milestone: Validate/)).toBeTruthy();
      await userEvent.click(screen.getByRole('tab', { name: 'Answered' }));
      expect(await screen.findByText('No answered questions')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'answers a question from its page',
    async () => {
      const { posts } = await openPortal(person(['expert']), '/expert/questions/q1');
      const box = await screen.findByLabelText('Your answer (Markdown)');
      await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
      expect(await screen.findByText('Write a message first.')).toBeTruthy();
      await userEvent.type(box, 'Charge **more**.');
      await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
      await waitFor(() =>
        expect(posts).toEqual([
          { url: '/api/expert-portal/questions/q1/messages', body: { body: 'Charge **more**.' } },
        ]),
      );
    },
    SLOW,
  );

  it(
    'is not there for a founder',
    async () => {
      await openPortal(person(['founder']), '/expert');
      expect(await screen.findByText('This page is not available')).toBeTruthy();
    },
    SLOW,
  );
});

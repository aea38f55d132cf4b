import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PopularQuestion } from '@liftoff/contracts/support';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { PopularQuestions } from './popular-questions';

const SLOW = 30_000;

const question = (key: string, text: string, answer: string): PopularQuestion => ({
  id: `id-${key}`,
  key,
  milestoneKey: 'problem-discovery',
  question: text,
  answer,
  askCount: 1,
});

/** The popular-questions route as the API answers it: `?question=` puts that one first. */
function server() {
  const urls: string[] = [];
  const list = [
    question(
      'how-many-interviews',
      'How many interviews are enough?',
      'Keep going until you stop being surprised.',
    ),
    question('talk-to-friends', 'Can I interview friends?', 'Only to rehearse.'),
  ];
  const pricing = question('how-to-price', 'How should I price?', 'Price on the value you create.');
  const fetchImpl = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    urls.push(`${url.pathname}${url.search}`);
    const data = url.searchParams.get('question') === 'how-to-price' ? [pricing, ...list] : list;
    return new Response(JSON.stringify({ message: 'ok', data }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchImpl, urls };
}

describe('popular questions on the overview', () => {
  it(
    'open the question a coach source link names, from any milestone, with its answer showing',
    async () => {
      const { fetchImpl, urls } = server();
      await renderSignedIn(
        [{ path: '/overview', element: <PopularQuestions /> }],
        '/overview?question=how-to-price',
        fetchImpl,
      );
      const asked = await screen.findByRole('button', { name: 'How should I price?' });
      expect(asked.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByText('Price on the value you create.')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(asked));
      // The others stay folded.
      expect(
        screen.getByRole('button', { name: 'Can I interview friends?' }).getAttribute('aria-expanded'),
      ).toBe('false');
      expect(urls).toContain('/api/popularQuestion/user-popular-questions?question=how-to-price');
    },
    SLOW,
  );

  it(
    'open folded without a named question',
    async () => {
      const { fetchImpl, urls } = server();
      await renderSignedIn([{ path: '/overview', element: <PopularQuestions /> }], '/overview', fetchImpl);
      const first = await screen.findByRole('button', { name: 'How many interviews are enough?' });
      expect(first.getAttribute('aria-expanded')).toBe('false');
      expect(urls).toEqual(['/api/popularQuestion/user-popular-questions']);
    },
    SLOW,
  );

  it(
    'unfold a question into a region named by it, and fold it away again',
    async () => {
      const { fetchImpl } = server();
      await renderSignedIn([{ path: '/overview', element: <PopularQuestions /> }], '/overview', fetchImpl);
      const question = await screen.findByRole('button', { name: 'Can I interview friends?' });
      expect(question.closest('h3')).toBeTruthy();
      expect(screen.queryByText('Only to rehearse.')).toBeNull();

      fireEvent.click(question);
      expect(question.getAttribute('aria-expanded')).toBe('true');
      const answer = screen.getByRole('region', { name: 'Can I interview friends?' });
      expect(question.getAttribute('aria-controls')).toBe(answer.id);
      expect(await screen.findByText('Only to rehearse.')).toBeTruthy();
      // The other question stays as it was.
      expect(
        screen.getByRole('button', { name: 'How many interviews are enough?' }).getAttribute('aria-expanded'),
      ).toBe('false');

      fireEvent.click(question);
      expect(question.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('region', { name: 'Can I interview friends?' })).toBeNull();
      expect(screen.queryByText('Only to rehearse.')).toBeNull();
    },
    SLOW,
  );
});

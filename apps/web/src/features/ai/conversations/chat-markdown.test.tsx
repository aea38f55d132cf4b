import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { linkClicks } from '../../../app/testing/link-clicks';
import { ChatMarkdown } from './chat-markdown';

const { followedBy } = linkClicks();

// A coach's reply that points to a screen of the app, to a file of the API and to another site.
const reply = [
  'Start from [your overview](/overview).',
  'The [brief](/api/content/files/brief.pdf) has the template.',
  'See [the guide](https://example.com/guide).',
].join('\n\n');

function renderReply() {
  const router = createMemoryRouter(
    [
      { path: '/ai-workspace', element: <ChatMarkdown source={reply} /> },
      { path: '/overview', element: <h1>Overview screen</h1> },
    ],
    { initialEntries: ['/ai-workspace'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

it("opens a screen a coach's reply links to within the app", async () => {
  const router = renderReply();
  expect(followedBy(screen.getByRole('link', { name: 'your overview' }))).toBe('app');
  expect(await screen.findByRole('heading', { name: 'Overview screen' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/overview');
});

it("leaves a reply's links to API files, to other sites and with a modifier to the browser", () => {
  const router = renderReply();
  expect(followedBy(screen.getByRole('link', { name: 'brief' }))).toBe('browser');
  expect(followedBy(screen.getByRole('link', { name: 'the guide' }))).toBe('browser');
  expect(followedBy(screen.getByRole('link', { name: 'your overview' }), { altKey: true })).toBe('browser');
  expect(router.state.location.pathname).toBe('/ai-workspace');
});

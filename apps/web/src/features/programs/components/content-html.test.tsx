import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { linkClicks } from '../../../app/testing/link-clicks';
import { isInAppPath } from '../../../lib/in-app-links';
import { ContentHtml } from './content-html';

// A step's body as the API sends it (`bodyHtml`): links to screens of the app, to the API and to other sites.
const body = [
  '<p><a href="/overview">your overview</a></p>',
  '<p><a href="/api/content/files/brief.pdf">the brief</a></p>',
  '<p><a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">a guide</a></p>',
  '<p><a href="/\\evil.example/">a trick</a></p>',
].join('');

const { followedBy } = linkClicks();

function renderStep() {
  const router = createMemoryRouter(
    [
      { path: '/mission-details/:id', element: <ContentHtml html={body} /> },
      { path: '/overview', element: <h1>Overview screen</h1> },
    ],
    { initialEntries: ['/mission-details/m1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('links inside program content', () => {
  it('moves to a screen of the app without loading the page again', async () => {
    const router = renderStep();
    expect(followedBy(screen.getByRole('link', { name: 'your overview' }))).toBe('app');
    expect(await screen.findByRole('heading', { name: 'Overview screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('leaves a click that asks for a new tab or window to the browser', () => {
    const router = renderStep();
    const link = screen.getByRole('link', { name: 'your overview' });
    expect(followedBy(link, { ctrlKey: true })).toBe('browser');
    expect(followedBy(link, { shiftKey: true })).toBe('browser');
    expect(router.state.location.pathname).toBe('/mission-details/m1');
  });

  it('leaves files of the API and other sites to the browser', () => {
    const router = renderStep();
    for (const name of ['the brief', 'a guide', 'a trick']) {
      expect(followedBy(screen.getByRole('link', { name })), name).toBe('browser');
    }
    expect(router.state.location.pathname).toBe('/mission-details/m1');
  });
});

describe('isInAppPath', () => {
  it('is a path of this site outside the API', () => {
    expect(isInAppPath('/overview')).toBe(true);
    expect(isInAppPath('/mission-details/42?step=1#top')).toBe(true);
    for (const href of [
      '//evil.example',
      '/\\evil.example',
      '/api/files/x',
      'https://a.example',
      'overview',
      '#top',
    ])
      expect(isInAppPath(href), href).toBe(false);
  });
});

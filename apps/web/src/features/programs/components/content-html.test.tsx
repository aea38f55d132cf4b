import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isInAppPath } from '../../../lib/in-app-links';
import { ContentHtml } from './content-html';

// A step's body as the API sends it (`bodyHtml`): links to screens of the app, to the API and to other sites.
const body = [
  '<p><a href="/overview">your overview</a></p>',
  '<p><a href="/api/content/files/brief.pdf">the brief</a></p>',
  '<p><a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">a guide</a></p>',
  '<p><a href="/\\evil.example/">a trick</a></p>',
].join('');

/**
 * Clicks `link` and tells who follows it: the app (the click's default was prevented inside the page) or the
 * browser. The browser's way is stopped once seen, as jsdom cannot load another page.
 */
let browserFollowed = false;
const stopBrowser = (event: Event) => {
  browserFollowed = !event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => window.addEventListener('click', stopBrowser));
afterEach(() => window.removeEventListener('click', stopBrowser));
function click(link: HTMLElement, init: MouseEventInit = {}): 'app' | 'browser' {
  fireEvent.click(link, init);
  return browserFollowed ? 'browser' : 'app';
}

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
    expect(click(screen.getByRole('link', { name: 'your overview' }))).toBe('app');
    expect(await screen.findByRole('heading', { name: 'Overview screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('leaves a click that asks for a new tab or window to the browser', () => {
    const router = renderStep();
    const link = screen.getByRole('link', { name: 'your overview' });
    expect(click(link, { ctrlKey: true })).toBe('browser');
    expect(click(link, { shiftKey: true })).toBe('browser');
    expect(router.state.location.pathname).toBe('/mission-details/m1');
  });

  it('leaves files of the API and other sites to the browser', () => {
    const router = renderStep();
    for (const name of ['the brief', 'a guide', 'a trick']) {
      expect(click(screen.getByRole('link', { name })), name).toBe('browser');
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

import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * For a test file that clicks links: `followedBy(link)` clicks it and tells who follows it, the app (the page
 * prevented the click's default and moved itself) or the browser. The browser's way is stopped once seen, as
 * jsdom cannot load another page. Call at the top level of the file: it registers its own hooks.
 */
export function linkClicks() {
  let browserFollowed = false;
  const stopBrowser = (event: Event) => {
    browserFollowed = !event.defaultPrevented;
    event.preventDefault();
  };
  beforeEach(() => window.addEventListener('click', stopBrowser));
  afterEach(() => window.removeEventListener('click', stopBrowser));
  return {
    followedBy(link: HTMLElement, init: MouseEventInit = {}): 'app' | 'browser' {
      browserFollowed = false;
      fireEvent.click(link, init);
      return browserFollowed ? 'browser' : 'app';
    },
  };
}

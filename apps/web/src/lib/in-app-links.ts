import { useCallback } from 'react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Whether a link's `href` names a screen of this app: a path of this site, not the API's. `//host` and
 * `/\host` are other sites (browsers read a backslash there as a slash).
 */
export function isInAppPath(href: string): boolean {
  return /^\/(?![/\\])/.test(href) && !href.startsWith('/api/');
}

/**
 * A click handler for a block of content HTML (an article, a step's body): a plain click on a link to a path
 * of this site moves within the app, as a `Link` would, instead of loading the whole app again. A click with a
 * modifier (a new tab or window), a link that opens a new tab, and links elsewhere keep the browser's own way.
 */
export function useInAppLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      if (!isInAppPath(href)) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}

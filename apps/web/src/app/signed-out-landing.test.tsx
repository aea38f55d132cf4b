import { render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { AppProviders } from './providers';
import { buildRoutes } from './router';
import { moveToSignIn, sendsToSignIn } from './signed-out-landing';
import { createAppStore } from './store';

/** Every route of the product as an address someone could follow, parameters filled in. */
const everyPage = [
  ...Object.values(paths).map((path) => path.replace(/\/:[A-Za-z]+\?/g, '').replace(/:[A-Za-z]+/g, 'id-1')),
  '/',
  '/no-such-page',
  '/preview/a-share-token',
  '/reset-password?token=t',
  '/studio/people',
  '/expert/questions/q1',
];

/** Where the real route table and guard take a visitor with no session who opens `address`. */
async function whereTheAppLands(address: string): Promise<string> {
  const answer = new Response(JSON.stringify({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
  const app = createAppStore({ storage: window.localStorage, fetch: vi.fn(async () => answer.clone()) });
  await app.whenReady();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [address] });
  const view = render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // Settled: the matched screens' code loaded, no navigation under way, and the address unchanged for a while
  // (a guard's redirect comes from a render after that code has loaded).
  let seen = '';
  await waitFor(
    () => {
      const { initialized, navigation, location } = router.state;
      const now = `${initialized} ${navigation.state} ${location.key}`;
      const settled = now === seen && initialized && navigation.state === 'idle';
      seen = now;
      expect(settled).toBe(true);
    },
    { interval: 100, timeout: 5000 },
  );
  const landed = router.state.location.pathname;
  view.unmount();
  router.dispose();
  return landed;
}

afterEach(() => window.localStorage.clear());

describe('sendsToSignIn', () => {
  it.each(everyPage)('agrees with the route guard on %s', async (address) => {
    const { pathname, search } = new URL(address, 'http://app');
    const landed = await whereTheAppLands(address);
    // The sign-in screen itself is where it already is: the boot module opens it as it is.
    const guardSends = landed === paths.signIn && pathname !== paths.signIn;
    expect(sendsToSignIn({ pathname, search })).toBe(guardSends);
  });

  it('reads an address whatever its case, as the router does', () => {
    expect(sendsToSignIn({ pathname: '/Sign-Up', search: '' })).toBe(false);
    expect(sendsToSignIn({ pathname: '/Mission-Details/m1', search: '' })).toBe(true);
  });
});

describe('moveToSignIn', () => {
  it('puts sign-in in place of the address, keeping the page asked for as the guard does', () => {
    window.history.replaceState(null, '', '/mission-details/m1/s2?from=mail');
    moveToSignIn(window.location, window.history);
    expect(window.location.pathname).toBe(paths.signIn);
    expect((window.history.state as { usr: unknown }).usr).toEqual({
      from: '/mission-details/m1/s2?from=mail',
    });
  });
});

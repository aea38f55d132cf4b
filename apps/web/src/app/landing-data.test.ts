import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchLandingData } from './landing-data';
import { firstDataOf, routePattern } from './landing-screens';
import { signedInApp, userWith } from './testing/signed-in-app';
import { json } from './testing/studio-people';

/** The network: every call answers an empty list, and is recorded. */
function network() {
  return vi.fn(async (_input: RequestInfo | URL) => json(200, { message: 'ok', data: [] }));
}
const asked = (fetch: ReturnType<typeof network>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://app').pathname);

/** A founder signed in, who has seen the tutorial: every landing screen is theirs to open. */
async function founderPastTheTutorial(fetch: ReturnType<typeof network>) {
  const app = await signedInApp(fetch);
  app.store.dispatch({ type: 'auth/userReceived', payload: { ...userWith([]), tutorialCompleted: true } });
  return app;
}

afterEach(() => window.localStorage.clear());

describe('routePattern', () => {
  it('matches a whole pathname and names its parameters, an optional one included', () => {
    const missionDetails = routePattern('/mission-details/:missionId/:stepId?');
    expect(missionDetails.exec('/mission-details/m%201')?.groups).toEqual({
      missionId: 'm%201',
      stepId: undefined,
    });
    expect(missionDetails.exec('/mission-details/m1/s2/')?.groups).toEqual({ missionId: 'm1', stepId: 's2' });
    expect(missionDetails.test('/mission-details')).toBe(false);
    expect(routePattern('/overview').test('/overview/more')).toBe(false);
  });
});

describe('prefetchLandingData', () => {
  it("asks for the overview's programs before the screen is there, once", async () => {
    const fetch = network();
    const app = await founderPastTheTutorial(fetch);
    await prefetchLandingData(app, '/overview');
    await vi.waitFor(() => expect(asked(fetch)).toContain('/api/userProgram/programs/outline'));
    // A second start (the screen's own query) finds the request made: nothing is asked twice.
    await prefetchLandingData(app, '/overview');
    expect(asked(fetch).filter((path) => path === '/api/userProgram/programs/outline')).toHaveLength(1);
  });

  it("asks for the mission of a mission's page by the id in its address", async () => {
    const fetch = network();
    const app = await founderPastTheTutorial(fetch);
    await prefetchLandingData(app, '/mission-details/mission%2F7/step-2');
    await vi.waitFor(() => expect(asked(fetch)).toContain('/api/userMission/mission%2F7'));
  });

  it("asks for what the coach can do on the coach's workspace, a conversation's address included", async () => {
    const fetch = network();
    const app = await founderPastTheTutorial(fetch);
    await prefetchLandingData(app, '/ai-workspace/c-1');
    await vi.waitFor(() => expect(asked(fetch)).toEqual(['/api/feature-flags', '/api/ai/capabilities']));
  });

  it("asks for the feature flags every signed-in page waits for, alongside the screen's data", async () => {
    const fetch = network();
    const app = await founderPastTheTutorial(fetch);
    await prefetchLandingData(app, '/mission-details/m1');
    await vi.waitFor(() => expect(asked(fetch)).toEqual(['/api/feature-flags', '/api/userMission/m1']));
  });

  it('asks for nothing but the flags when the guard would send the founder elsewhere, or on another screen', async () => {
    const fetch = network();
    const app = await signedInApp(fetch);
    // Not verified yet: the guard sends the founder to verify their address; the overview's calls would be refused.
    app.store.dispatch({
      type: 'auth/userReceived',
      payload: { ...userWith([]), verified: false, tutorialCompleted: true },
    });
    await prefetchLandingData(app, '/overview');
    app.store.dispatch({ type: 'auth/userReceived', payload: { ...userWith([]), tutorialCompleted: true } });
    await prefetchLandingData(app, '/profile');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked(fetch)).toEqual(['/api/feature-flags']);
  });
});

describe('firstDataOf', () => {
  it.each([
    '/overview',
    '/mission-details/mission%2F7/step-2',
    '/ai-workspace',
    '/ai-workspace/c-1',
    '/profile',
  ])(
    'names for %s exactly what the app asks for first there, so the boot module asks for it early in its place',
    async (pathname) => {
      const fetch = network();
      const app = await founderPastTheTutorial(fetch);
      const expected = firstDataOf(pathname).map((url) => `/api${url}`);
      await prefetchLandingData(app, pathname);
      await vi.waitFor(() => expect(asked(fetch)).toHaveLength(expected.length));
      expect(asked(fetch).sort()).toEqual(expected.sort());
    },
  );

  it("names the flags every signed-in page waits for, and a landing screen's data as its queries ask", () => {
    expect(firstDataOf('/overview')).toEqual(['/feature-flags', '/userProgram/programs/outline']);
    expect(firstDataOf('/mission-details/mission%2F7/step-2')).toEqual([
      '/feature-flags',
      '/userMission/mission%2F7',
    ]);
    expect(firstDataOf('/ai-workspace/c1')).toEqual(['/feature-flags', '/ai/capabilities']);
    expect(firstDataOf('/ai-workspace/archive')).toEqual(['/feature-flags']);
    expect(firstDataOf('/profile')).toEqual(['/feature-flags']);
    // An address the router could not decode either is still asked for as written, never thrown on.
    expect(firstDataOf('/mission-details/%E0%A4%A')).toEqual([
      '/feature-flags',
      '/userMission/%25E0%25A4%25A',
    ]);
  });
});

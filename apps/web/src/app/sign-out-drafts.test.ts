import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from '../lib/drafts';
import { registerNavigator } from '../lib/navigation';
import { signedInApp } from './testing/signed-in-app';
import { json } from './testing/studio-people';

describe('signing out on a shared device', () => {
  const visited: string[] = [];
  // Signing out goes to the sign-in page; the router that would take it is not rendered here.
  beforeEach(() => registerNavigator((to) => void visited.push(to)));
  afterEach(() => localStorage.clear());

  it('forgets the worksheet and coach drafts, and only those', async () => {
    const fetchImpl = vi.fn(async () => json(200, { message: 'User logout successfully.', data: {} }));
    const app = await signedInApp(fetchImpl);
    writeDraft('worksheet:step-1', { answers: { problem: 'Founders lose their notes' } });
    writeDraft('composer:u1', 'How do I price my product?');
    localStorage.setItem('tutorialCompleted', '2026-11-25T10:00:00.000Z');

    await app.logout();

    expect(readDraft('worksheet:step-1')).toBeNull();
    expect(readDraft('composer:u1')).toBeNull();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('liftoff.draft.'))).toEqual([]);
    // What is not a draft stays.
    expect(localStorage.getItem('tutorialCompleted')).not.toBeNull();
    expect(app.store.getState().auth.token).toBeNull();
    expect(visited.at(-1)).toBe('/sign-in');
  });

  it('keeps the drafts when the session only ended (its founder signs in again to finish)', async () => {
    const app = await signedInApp(vi.fn(async () => json(200, { message: 'ok', data: {} })));
    writeDraft('worksheet:step-2', { answers: { problem: 'Still writing' } });
    app.resetAuth();
    expect(readDraft('worksheet:step-2')).toEqual({ answers: { problem: 'Still writing' } });
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@liftoff/contracts/auth';
import { userWith } from '../../../app/testing/signed-in-app';
import { createFakeAiServer } from '../testing/fake-ai-server';
import { renderAi } from '../testing/render-ai';

// MUI and role queries are slow in jsdom.
const SLOW = 60_000;

/** A new chat with no model connected (the fake server's capabilities), signed in holding `roles`. */
async function openAs(roles: Role[]) {
  const { store } = await renderAi('/ai-workspace', createFakeAiServer({}));
  act(() => {
    store.dispatch({ type: 'auth/userReceived', payload: userWith(roles) });
  });
  return screen.findByRole('note');
}

describe('the note on the coach without a model', { timeout: SLOW }, () => {
  beforeEach(() => sessionStorage.clear());

  it('tells a founder what the coach can do now, in plain words, and nothing about setting up a model', async () => {
    const note = await openAs(['founder']);
    expect(note.textContent).toContain('Your coach answers from your program');
    expect(note.textContent).toContain('quotes them and links to them');
    expect(note.textContent).not.toMatch(/AI_PROVIDER|AI_API_KEY|restart the server|administrator/);
  });

  it('tells an admin how to connect a model as well', async () => {
    const note = await openAs(['admin']);
    expect(note.textContent).toContain('Your coach answers from your program');
    expect(note.textContent).toContain('For admins: no AI model is connected');
    expect(note.textContent).toContain('AI_PROVIDER=openai-compatible');
  });

  it('can be hidden, and stays hidden for the rest of the visit', async () => {
    const { router } = await renderAi('/ai-workspace', createFakeAiServer({}));
    const note = await screen.findByRole('note');
    fireEvent.click(screen.getByRole('button', { name: 'Hide this note' }));
    expect(note.isConnected).toBe(false);
    // Away and back: the page is drawn anew, with what the coach can do already known, and the note stays away.
    await act(() => router.navigate('/ai-workspace/archive'));
    // The page's own heading: once the (empty) archive has arrived, "No archived conversations" is one too.
    await screen.findByRole('heading', { level: 1, name: 'Archived conversations' });
    await act(() => router.navigate('/ai-workspace'));
    await screen.findByRole('textbox');
    expect(screen.queryByRole('note')).toBeNull();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showToast, ToastRegion, toasts } from './toast';
import { toastWanted } from './toast-demand';

// The queue is the app's one, shared by every render: each test starts with it empty.
afterEach(() => act(() => toasts.close()));

describe('Toast', () => {
  it('announces a toast in the polite live region named Notifications', async () => {
    render(<ToastRegion />);
    act(() => {
      showToast({ title: 'Saved', description: 'Your answer is in.', tone: 'success' });
    });
    const toast = await screen.findByRole('dialog', { name: 'Saved' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.contains(toast)).toBe(true);
  });

  it('keeps an error, announced, until it is dismissed with its button from the keyboard', async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => {
      showToast({ title: 'Could not send', description: 'Check your connection.', tone: 'error' });
    });
    const alert = await screen.findByRole('dialog', { name: 'Could not send' });
    expect(screen.getByRole('region', { name: 'Notifications' }).contains(alert)).toBe(true);
    // F6 jumps into the notifications (Base UI's landmark key); there Tab reaches the toast, then its dismiss button.
    await user.keyboard('{F6}');
    await user.tab();
    expect(document.activeElement).toBe(alert);
    await user.tab();
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
    expect(alert.contains(dismiss)).toBe(true);
    expect(document.activeElement).toBe(dismiss);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a toast asked for before the region is there, and shows it once the region mounts', async () => {
    showToast({ title: 'Link copied', tone: 'success' });
    // The root fetches the region's code on this mark (app/root.tsx).
    expect(toastWanted()).toBe(true);
    render(<ToastRegion />);
    expect(await screen.findByRole('dialog', { name: 'Link copied' })).toBeTruthy();
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';
import type { DialogProps } from './lazy-dialog';

type NoteProps = DialogProps & { note: string };

function NoteDialog({ open, onClose, note }: NoteProps) {
  return open ? (
    <div role="dialog" aria-label="Note">
      {note}
      <button onClick={onClose}>Done</button>
    </div>
  ) : null;
}

/** A page that offers the dialog behind a button, as the app bar offers support. */
function Page({ Dialog }: { Dialog: ComponentType<NoteProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onClose={() => setOpen(false)} note="Hello founder" />
    </>
  );
}

describe('lazyDialog', () => {
  it('fetches the dialog when it first opens, not before, and shows it with its props', async () => {
    const load = vi.fn(async () => NoteDialog);
    render(<Page Dialog={lazyDialog(load)} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('dialog', { name: 'Note' })).textContent).toContain('Hello founder');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Note' });
    expect(load).toHaveBeenCalledOnce();
  });

  it('says it is opening while the code is slow to arrive', async () => {
    let arrive: (dialog: ComponentType<NoteProps>) => void = () => undefined;
    const load = () => new Promise<ComponentType<NoteProps>>((resolve) => (arrive = resolve));
    render(<Page Dialog={lazyDialog(load)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toContain('Opening');
    expect(screen.getByRole('dialog', { name: 'Opening…' })).toBeTruthy();
    act(() => arrive(NoteDialog));
    await screen.findByRole('dialog', { name: 'Note' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the connection dropped, closes on request, and opens once a new try succeeds', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<NoteProps>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(NoteDialog);
    render(<Page Dialog={lazyDialog(load)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const failed = await screen.findByRole('dialog', { name: /could not open|offline/i });
    expect(failed.textContent).toMatch(/try again/i);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('dialog', { name: 'Note' })).textContent).toContain('Hello founder');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps saying it could not open after the moment a slow one would say it is opening', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(<Page Dialog={lazyDialog(load)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: /could not open|offline/i });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByRole('dialog', { name: /could not open|offline/i })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Opening…' })).toBeNull();
  });
});

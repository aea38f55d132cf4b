import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';
import { TextField } from './text-field';

function Booking({ onBook }: { onBook: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Book a meeting</Button>}
      title="Book 30 min with Ada"
      description="Times are in your time zone."
      actions={
        <>
          <DialogClose render={<Button variant="ghost">Cancel</Button>} />
          <Button onClick={onBook}>Book</Button>
        </>
      }
    >
      <TextField label="What would you like to talk about?" />
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, is named by its title, keeps focus inside and returns it on Escape', async () => {
    const user = userEvent.setup();
    render(<Booking onBook={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Book a meeting' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Book 30 min with Ada' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Tab goes round the dialog's own controls and never leaves it.
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      // Base UI's focus guards at the dialog's edges hand the focus back in on their own focus event.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('has its primary action and a cancel that closes it, and a named close button', async () => {
    const user = userEvent.setup();
    const onBook = vi.fn();
    render(<Booking onBook={onBook} />);
    const trigger = screen.getByRole('button', { name: 'Book a meeting' });
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(onBook).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

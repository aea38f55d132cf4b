import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Popover } from './popover';

describe('Popover', () => {
  it('opens from its button as a dialog named by its title, closes with Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(
      <Popover trigger={<Button>Notifications</Button>} title="Notifications">
        <button type="button">Mark all read</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Notifications' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard(' ');
    const popup = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(popup.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

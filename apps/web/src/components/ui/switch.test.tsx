import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

describe('Switch', () => {
  it('is a switch named by its label that turns on and off with Space, Enter and a click', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch label="Reminders by email" onCheckedChange={onCheckedChange} />);
    const reminders = screen.getByRole('switch', { name: 'Reminders by email' });
    expect(reminders.getAttribute('aria-checked')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(reminders);
    await user.keyboard(' ');
    expect(reminders.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(reminders.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByText('Reminders by email'));
    expect(onCheckedChange.mock.calls.map(([checked]) => checked)).toEqual([true, false, true]);
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    render(<Switch label="Two-factor" disabled defaultChecked />);
    const twoFactor = screen.getByRole('switch', { name: 'Two-factor' });
    await user.click(twoFactor);
    expect(twoFactor.getAttribute('aria-checked')).toBe('true');
    expect(twoFactor.getAttribute('aria-disabled')).toBe('true');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const roles = [
  { value: 'founder', label: 'Founder' },
  { value: 'expert', label: 'Expert' },
  { value: 'manager', label: 'Program manager' },
];

describe('Select', () => {
  it('opens from the keyboard, moves with the arrows, chooses with Enter and gives focus back', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Role" options={roles} placeholder="Any role" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger.textContent).toContain('Any role');
    await user.tab();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('option'));
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(onValueChange).toHaveBeenCalledTimes(1);
    const chosen = onValueChange.mock.calls[0]![0] as string;
    expect(trigger.textContent).toContain(roles.find((role) => role.value === chosen)!.label);
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with Escape without choosing, focus back on the trigger', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Role" options={roles} defaultValue="expert" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    await user.click(trigger);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(onValueChange).not.toHaveBeenCalled();
    expect(trigger.textContent).toContain('Expert');
    expect(document.activeElement).toBe(trigger);
  });

  it('does not open while disabled and shows its error', async () => {
    const user = userEvent.setup();
    render(<Select label="Role" options={roles} disabled error="Choose a role." />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    await user.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Choose a role.')).toBeTruthy();
  });
});

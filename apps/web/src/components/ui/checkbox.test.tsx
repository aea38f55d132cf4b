import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('is named by its label, toggles with Space and with a click on the label', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Email me a weekly summary" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Email me a weekly summary' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(box.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Email me a weekly summary'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('says when it is partly checked', () => {
    render(<Checkbox label="Select all" indeterminate checked={false} />);
    expect(screen.getByRole('checkbox', { name: 'Select all' }).getAttribute('aria-checked')).toBe('mixed');
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Archived" disabled onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Archived' });
    expect(box.getAttribute('aria-disabled')).toBe('true');
    await user.click(box);
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-checked')).toBe('false');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const sections = [
  { value: 'steps', label: 'Steps', content: <p>Three steps to go</p> },
  { value: 'files', label: 'Files', content: <p>No files yet</p>, disabled: true },
  { value: 'notes', label: 'Notes', content: <p>Your notes</p> },
];

describe('Tabs', () => {
  it('is one tab stop; the arrows move between tabs and show their panel; a disabled tab is never shown', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs label="Mission sections" tabs={sections} onValueChange={onValueChange} />);
    expect(screen.getByRole('tablist', { name: 'Mission sections' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Steps' }).textContent).toBe('Three steps to go');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Steps' }));
    await user.keyboard('{ArrowRight}');
    const files = screen.getByRole('tab', { name: 'Files' });
    if (document.activeElement === files) {
      expect(files.getAttribute('aria-selected')).toBe('false');
      await user.keyboard('{ArrowRight}');
    }
    const notes = screen.getByRole('tab', { name: 'Notes' });
    expect(document.activeElement).toBe(notes);
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(onValueChange).toHaveBeenLastCalledWith('notes');
    expect(screen.getByRole('tabpanel', { name: 'Notes' }).textContent).toBe('Your notes');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Steps' }));
  });
});

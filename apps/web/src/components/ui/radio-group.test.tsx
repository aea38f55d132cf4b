import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './radio-group';

const lengths = [
  { value: '30', label: '30 minutes' },
  { value: '45', label: '45 minutes' },
  { value: '60', label: '60 minutes', disabled: true },
];

describe('RadioGroup', () => {
  it('is a group named by its legend; Tab enters on the chosen option and the arrows move and choose', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <>
        <RadioGroup
          label="Meeting length"
          options={lengths}
          defaultValue="30"
          onValueChange={onValueChange}
        />
        <button type="button">After</button>
      </>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Meeting length' })).toBeTruthy();
    await user.tab();
    const thirty = screen.getByRole('radio', { name: '30 minutes' });
    expect(document.activeElement).toBe(thirty);
    await user.keyboard('{ArrowDown}');
    const fortyFive = screen.getByRole('radio', { name: '45 minutes' });
    expect(document.activeElement).toBe(fortyFive);
    expect(fortyFive.getAttribute('aria-checked')).toBe('true');
    expect(onValueChange).toHaveBeenLastCalledWith('45');
    // One tab stop for the whole group.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('skips a disabled option and shows the error on the group', async () => {
    const user = userEvent.setup();
    render(
      <RadioGroup label="Meeting length" options={lengths} defaultValue="45" error="Choose a length." />,
    );
    const sixty = screen.getByRole('radio', { name: '60 minutes' });
    expect(sixty.getAttribute('aria-disabled')).toBe('true');
    await user.click(sixty);
    expect(sixty.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Choose a length.')).toBeTruthy();
  });
});

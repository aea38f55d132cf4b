import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MonthCalendar } from './month-calendar';

const dayButton = (day: string) =>
  screen.getAllByRole('button').find((button) => button.textContent === day) as HTMLButtonElement;

describe('the month view of free days', () => {
  it('marks the free days, is one tab stop, and moves between free days with the arrow keys', async () => {
    const onSelect = vi.fn();
    const onMonthChange = vi.fn();
    render(
      <MonthCalendar
        month="2026-03"
        freeDays={['2026-03-02', '2026-03-09', '2026-03-16']}
        selected="2026-03-09"
        loading={false}
        canGoBack={false}
        canGoForward
        onMonthChange={onMonthChange}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('group', { name: /2026/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /has free times/ })).toHaveLength(3);
    expect(dayButton('3').disabled).toBe(true);
    expect(dayButton('9').getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getAllByRole('button').filter((button) => button.tabIndex === 0 && button.textContent),
    ).toEqual([dayButton('9')]);

    dayButton('9').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayButton('16'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(dayButton('2'));
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-03-02');

    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith('2026-04');
  });
});

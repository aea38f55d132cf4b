import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppBarIconButton } from './app-bar-button';

function badgeOf(count: number) {
  render(
    <AppBarIconButton aria-label={`Notifications, ${count} unread`} badge={count}>
      <svg />
    </AppBarIconButton>,
  );
  return screen
    .getByRole('button', { name: `Notifications, ${count} unread` })
    .querySelector('.shell__badge');
}

describe('AppBarIconButton', () => {
  it('shows no badge at zero', () => {
    expect(badgeOf(0)).toBeNull();
  });

  it('shows the count up to 99, then 99+, hidden from screen readers since the name carries it', () => {
    expect(badgeOf(7)?.textContent).toBe('7');
    expect(badgeOf(99)?.textContent).toBe('99');
    const many = badgeOf(120);
    expect(many?.textContent).toBe('99+');
    expect(many?.getAttribute('aria-hidden')).toBe('true');
  });
});

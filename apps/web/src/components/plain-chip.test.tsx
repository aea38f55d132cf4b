import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconPaths } from './icon-paths';
import { PlainChip } from './plain-chip';

describe('PlainChip', () => {
  it('reads as its label alone: the icon is hidden from screen readers and takes no focus', () => {
    const { container } = render(
      <PlainChip label="Completed" iconPath={iconPaths.checkCircle} color="success" />,
    );
    const chip = container.firstElementChild as HTMLElement;
    expect(chip.textContent).toBe('Completed');
    const icon = chip.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('focusable')).toBe('false');
    expect(chip.querySelector('path')!.getAttribute('d')).toBe(iconPaths.checkCircle);
    // Nobody operates it: no button, link or tab stop.
    expect(chip.querySelector('button, a, [tabindex]')).toBeNull();
  });

  it('draws no icon without a path, and takes the outlined look and the colour asked for', () => {
    const { container, rerender } = render(<PlainChip label="Pre-seed" />);
    const chip = () => container.firstElementChild as HTMLElement;
    expect(chip().querySelector('svg')).toBeNull();
    expect(chip().className).toBe('plain-chip');
    rerender(<PlainChip label="Fintech" outlined color="secondary" />);
    expect(chip().className).toBe('plain-chip plain-chip--outlined plain-chip--secondary');
  });
});

import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { appTheme } from '../../../app/theme';
import { ProposedChip } from './proposed-chip';

describe('the chip of a proposed meeting time', () => {
  it('writes its words dark on a light chip, not white on amber (which reads at 3:1)', () => {
    render(
      <ThemeProvider theme={appTheme()}>
        <ProposedChip label="Proposed" />
      </ThemeProvider>,
    );
    const chip = screen.getByText('Proposed').closest('.MuiChip-root') as HTMLElement;
    const style = getComputedStyle(chip);
    // The theme speaks in CSS variables: dark words, and no amber fill behind them.
    expect(style.color).toBe('var(--mui-palette-text-primary)');
    expect(style.backgroundColor).not.toMatch(/warning/);
  });
});

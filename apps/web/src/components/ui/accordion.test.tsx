import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const questions = [
  { value: 'equity', title: 'How much equity should I give?', content: 'It depends on the stage.' },
  { value: 'cofounder', title: 'Do I need a cofounder?', content: 'Not always.' },
  { value: 'closed', title: 'Archived question', content: 'Gone.', disabled: true },
];

describe('Accordion', () => {
  it('opens and closes a section with Enter and Space under a heading, one at a time', async () => {
    const user = userEvent.setup();
    render(<Accordion items={questions} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    const equity = screen.getByRole('button', { name: 'How much equity should I give?' });
    const cofounder = screen.getByRole('button', { name: 'Do I need a cofounder?' });
    expect(equity.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(equity);
    await user.keyboard('{Enter}');
    expect(equity.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('It depends on the stage.')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(cofounder);
    await user.keyboard(' ');
    expect(cofounder.getAttribute('aria-expanded')).toBe('true');
    expect(equity.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard(' ');
    expect(cofounder.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not open a disabled section', async () => {
    const user = userEvent.setup();
    render(<Accordion items={questions} />);
    const archived = screen.getByRole('button', { name: 'Archived question' });
    await user.click(archived);
    expect(archived.getAttribute('aria-expanded')).toBe('false');
  });
});

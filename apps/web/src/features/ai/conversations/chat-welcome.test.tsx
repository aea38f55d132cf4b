import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatWelcome, STARTER_QUESTIONS } from './chat-welcome';

describe("a new chat's welcome", () => {
  it('offers the starter questions as buttons that ask them', () => {
    const onAsk = vi.fn();
    render(<ChatWelcome aboutStep={null} aboutTitle={null} offered={null} onAsk={onAsk} />);
    const list = screen.getByRole('list', { name: 'Suggested questions' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(STARTER_QUESTIONS);
    // Native buttons: the keyboard reaches and presses them without a tabindex of their own.
    expect(
      buttons.every((button) => button.tagName === 'BUTTON' && button.getAttribute('type') === 'button'),
    ).toBe(true);
    fireEvent.click(buttons[2]!);
    expect(onAsk).toHaveBeenCalledWith(STARTER_QUESTIONS[2]);
  });

  it("opened from a step, names it and offers the step's own question first", () => {
    const onAsk = vi.fn();
    render(
      <ChatWelcome
        aboutStep="step-1"
        aboutTitle="Frame the problem"
        offered="What makes a good problem statement?"
        onAsk={onAsk}
      />,
    );
    expect(screen.getByText(/Asking about “Frame the problem”/)).toBeTruthy();
    const first = within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole(
      'button',
    )[0]!;
    expect(first.textContent).toBe('What makes a good problem statement?');
    fireEvent.click(first);
    expect(onAsk).toHaveBeenCalledWith('What makes a good problem statement?');
  });
});

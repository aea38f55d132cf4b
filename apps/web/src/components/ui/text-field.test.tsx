import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './text-area';
import { TextField } from './text-field';

/** The texts an element's aria-describedby points at, in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('TextField', () => {
  it('is named by its label and described by its description; typing changes it', async () => {
    const user = userEvent.setup();
    function Email() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Email"
          description="We send the code here."
          type="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      );
    }
    render(<Email />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(descriptionOf(email)).toContain('We send the code here.');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(email);
    await user.keyboard('ada@example.com');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('shows the error on the field: marked invalid and read with it', () => {
    render(
      <TextField label="Hero image alt text" error="Describe the image for people who cannot see it." />,
    );
    const field = screen.getByRole('textbox', { name: 'Hero image alt text' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toContain('Describe the image for people who cannot see it.');
  });

  it('cannot be typed in or reached with Tab while disabled', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextField label="Name" disabled defaultValue="Ada" />
        <TextField label="City" />
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'City' }));
    await user.type(name, 'x');
    expect(name.value).toBe('Ada');
  });
});

describe('TextArea', () => {
  it('is a multi-line text box named by its label, with its error on it and new lines from Enter', async () => {
    const user = userEvent.setup();
    render(<TextArea label="Your answer" error="Write at least 20 characters." />);
    const answer = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;
    expect(answer.tagName).toBe('TEXTAREA');
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(answer)).toContain('Write at least 20 characters.');
    await user.click(answer);
    await user.keyboard('First{Enter}Second');
    expect(answer.value).toBe('First\nSecond');
  });

  it('is disabled with its field', () => {
    render(<TextArea label="Note" disabled />);
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});

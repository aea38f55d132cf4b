import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainTextArea, type PlainTextAreaProps } from './plain-text-area';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const browserSizesBoxes = (yes: boolean) =>
  vi.stubGlobal('CSS', { supports: (property: string) => yes && property === 'field-sizing' });

function Field(props: Partial<PlainTextAreaProps>) {
  const [value, setValue] = useState('');
  return <PlainTextArea label="Ask the coach" value={value} onValueChange={setValue} {...props} />;
}

describe('PlainTextArea', () => {
  it('is one text box named by its label, with the attributes it is given, and takes no text while disabled', () => {
    browserSizesBoxes(true);
    const { rerender } = render(
      <>
        <Field placeholder="Type your question" maxLength={10} aria-describedby="hint" />
        <span id="hint">Enter sends</span>
      </>,
    );
    const box = screen.getByRole('textbox', { name: 'Ask the coach' });
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(box.getAttribute('placeholder')).toBe('Type your question');
    expect(box.getAttribute('maxlength')).toBe('10');
    expect(box.getAttribute('aria-describedby')).toBe('hint');
    // The notch's copy of the label is not read out a second time.
    expect(
      screen.getAllByText('Ask the coach').filter((element) => !element.closest('[aria-hidden]')),
    ).toHaveLength(1);

    fireEvent.change(box, { target: { value: 'How do I' } });
    expect((box as HTMLTextAreaElement).value).toBe('How do I');

    rerender(<Field disabled />);
    expect((screen.getByRole('textbox', { name: 'Ask the coach' }) as HTMLTextAreaElement).disabled).toBe(
      true,
    );
  });

  it('leaves its height to the browser where it sizes a box from CSS, between its least and most lines', () => {
    browserSizesBoxes(true);
    render(<Field minRows={2} maxRows={5} />);
    const box = screen.getByRole('textbox', { name: 'Ask the coach' });
    // (jsdom drops `field-sizing: content` itself, a property it does not know.)
    expect(box.style.minHeight).toBe('2lh');
    expect(box.style.maxHeight).toBe('5lh');
    // Nothing is measured: no inline height, and no copy to measure in.
    fireEvent.change(box, { target: { value: 'One\nTwo\nThree' } });
    expect(box.style.height).toBe('');
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
  });

  it('measures its height from its text where the browser cannot, and scrolls past its most lines', () => {
    browserSizesBoxes(false);
    // jsdom lays nothing out: a textarea is as high as its lines of 23 px.
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      return this.value.split('\n').length * 23;
    });
    render(<Field maxRows={5} placeholder="Type your question" />);
    const box = screen.getByRole('textbox', { name: 'Ask the coach' }) as HTMLTextAreaElement;
    expect(box.style.getPropertyValue('field-sizing')).toBe('');
    expect(box.style.height).toBe('23px');

    fireEvent.change(box, { target: { value: 'One\nTwo\nThree' } });
    expect(box.style.height).toBe('69px');
    expect(box.style.overflow).toBe('hidden');

    fireEvent.change(box, {
      target: { value: Array.from({ length: 12 }, (_, line) => `Line ${line}`).join('\n') },
    });
    expect(box.style.height).toBe('115px');
    expect(box.style.overflow).toBe('');

    fireEvent.change(box, { target: { value: '' } });
    expect(box.style.height).toBe('23px');
    // The copy it measures in is hidden from everyone.
    const copy = document.querySelector('textarea[aria-hidden="true"]')!;
    expect(copy.getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });
});

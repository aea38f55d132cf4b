import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field';

function Field(props: { onClear?: () => void; searchIcon?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <SearchField
      label="Search articles"
      value={value}
      onValueChange={setValue}
      htmlInput={{ maxLength: 20, enterKeyHint: 'search' }}
      {...props}
    />
  );
}

describe('SearchField', () => {
  it('is one search box named by its label, with the attributes it is given', () => {
    render(<Field searchIcon />);
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    expect(box.getAttribute('maxlength')).toBe('20');
    expect(box.getAttribute('enterkeyhint')).toBe('search');
    // The notch's copy of the label and the icon are not read out.
    expect(
      screen.getAllByText('Search articles').filter((element) => !element.closest('[aria-hidden]')),
    ).toHaveLength(1);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('offers "Clear search" only while there is text, and it empties the box and leaves the focus there', async () => {
    render(<Field />);
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    await userEvent.type(box, 'pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    // The button went with the text; the focus did not go with it.
    expect(document.activeElement).toBe(box);
  });

  it("runs the page's own clearing when it has one", async () => {
    const onClear = vi.fn();
    render(<Field onClear={onClear} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'pricing');
    await userEvent.keyboard('{Tab}{Enter}');
    expect(onClear).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search articles' }));
  });

  it('clears on Escape as "Clear search" does, and leaves an Escape in an empty box to what it sits in', async () => {
    const onClear = vi.fn();
    // A drawer or dialog around the box closes on an Escape nothing inside has used.
    const outerEscape = vi.fn();
    render(
      <div onKeyDown={(event) => event.key === 'Escape' && !event.defaultPrevented && outerEscape()}>
        <Field onClear={onClear} />
      </div>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    await userEvent.type(box, 'pricing{Escape}');
    expect(onClear).toHaveBeenCalledOnce();
    expect(outerEscape).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
    await userEvent.clear(box);
    await userEvent.keyboard('{Escape}');
    expect(onClear).toHaveBeenCalledOnce();
    expect(outerEscape).toHaveBeenCalledOnce();
  });

  it('empties the box on Escape when the page has no clearing of its own', async () => {
    render(<Field />);
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    await userEvent.type(box, 'pricing{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it("leaves an Escape that ends an input method's composition to the input method", async () => {
    render(<Field />);
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    await userEvent.type(box, 'tokyo');
    fireEvent.keyDown(box, { key: 'Escape', isComposing: true });
    expect((box as HTMLInputElement).value).toBe('tokyo');
  });
});

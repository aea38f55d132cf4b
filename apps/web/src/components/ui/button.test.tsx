import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Send, X } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from './button';
import { IconButton } from './icon-button';

describe('Button', () => {
  it('is named by its label alone, presses with Enter and Space, and never submits a form unless asked to', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button variant="outline" icon={<X />} onClick={onClick}>
          Cancel
        </Button>
        <Button type="submit" endIcon={<Send />}>
          Send
        </Button>
      </form>,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed while disabled and is out of the tab order', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <>
        <Button disabled onClick={onClick}>
          Save
        </Button>
        <Button>Next</Button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('keeps its focus and name while loading, says it is busy and cannot be pressed again', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Book 30 min</Button>);
    const book = screen.getByRole('button', { name: 'Book 30 min' });
    await user.click(book);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} loading>
        Book 30 min
      </Button>,
    );
    expect(document.activeElement).toBe(book);
    expect(book.getAttribute('aria-busy')).toBe('true');
    expect(book.getAttribute('aria-disabled')).toBe('true');
    await user.click(book);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('ButtonLink', () => {
  it('is a link to the page, named by its label', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/programs">Open programs</ButtonLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Open programs' }).getAttribute('href')).toBe('/programs');
  });
});

describe('IconButton', () => {
  it('is named by its label, not its icon, and presses from the keyboard unless disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<IconButton label="Close" icon={<X />} onClick={onClick} />);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.tab();
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<IconButton label="Close" icon={<X />} onClick={onClick} disabled />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

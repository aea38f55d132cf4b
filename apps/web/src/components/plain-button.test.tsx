import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { iconPaths } from './icon-paths';
import { PlainButton, PlainButtonLink } from './plain-button';

describe('PlainButton', () => {
  it('is a native button named by its label alone, which does not submit a form unless asked to', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PlainButton variant="outlined" startIcon={iconPaths.person} onClick={onClick}>
          Profile
        </PlainButton>
        <PlainButton type="submit" variant="contained" endIcon={iconPaths.send}>
          Send
        </PlainButton>
      </form>,
    );
    const profile = screen.getByRole('button', { name: 'Profile' });
    expect(profile.tagName).toBe('BUTTON');
    // The icon is beside the name, not part of it: hidden from screen readers and out of the tab order.
    const icon = profile.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('focusable')).toBe('false');
    expect(profile.firstElementChild!.className).toBe('plain-button__icon plain-button__icon--start');

    fireEvent.click(profile);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();

    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.lastElementChild!.className).toBe('plain-button__icon plain-button__icon--end');
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('takes the look and size asked for, with the page’s own class, and cannot be pressed while disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(<PlainButton onClick={onClick}>Go</PlainButton>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toBe('plain-button plain-button--text');
    rerender(
      <PlainButton variant="contained" size="large" className="composer__send" disabled onClick={onClick}>
        Go
      </PlainButton>,
    );
    const go = screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement;
    expect(go.className).toBe('plain-button plain-button--contained plain-button--large composer__send');
    expect(go.disabled).toBe(true);
    fireEvent.click(go);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('PlainButtonLink', () => {
  it('is a link to its page in the app, and following it shows that page', () => {
    render(
      <MemoryRouter initialEntries={['/overview']}>
        <Routes>
          <Route
            path="/overview"
            element={
              <PlainButtonLink to="/programs" variant="outlined" startIcon={iconPaths.map}>
                Open the program map
              </PlainButtonLink>
            }
          />
          <Route path="/programs" element={<h1>Programs</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open the program map' });
    expect(link.getAttribute('href')).toBe('/programs');
    expect(link.className).toBe('plain-button plain-button--outlined');
    fireEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Programs' })).toBeTruthy();
  });
});

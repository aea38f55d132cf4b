import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Menu } from './menu';

function Account({ onProfile, onSignOut }: { onProfile: () => void; onSignOut: () => void }) {
  return (
    <Menu
      trigger={<Button>Account</Button>}
      items={[
        { label: 'Profile', onSelect: onProfile },
        { label: 'Billing', onSelect: vi.fn(), disabled: true },
        { separator: true },
        { label: 'Sign out', onSelect: onSignOut, danger: true },
      ]}
    />
  );
}

describe('Menu', () => {
  it('opens with Enter on the first item; the arrows move; a disabled item cannot be chosen; Enter chooses', async () => {
    const user = userEvent.setup();
    const onProfile = vi.fn();
    const onSignOut = vi.fn();
    render(<Account onProfile={onProfile} onSignOut={onSignOut} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Profile' })),
    );
    // A disabled item is still reached (so it can be read), but choosing it does nothing.
    await user.keyboard('{ArrowDown}');
    const billing = screen.getByRole('menuitem', { name: 'Billing' });
    expect(document.activeElement).toBe(billing);
    expect(billing.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onProfile).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with Escape, choosing nothing, and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const onProfile = vi.fn();
    render(<Account onProfile={onProfile} onSignOut={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    await user.click(trigger);
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Billing' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onProfile).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('goes to a page from a link item, and chooses one of a few settings, staying open', async () => {
    const user = userEvent.setup();
    const onScheme = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={
              <Menu
                trigger={<Button>Account</Button>}
                header={<p>Maya Okafor</p>}
                items={[
                  { label: 'Profile', to: '/profile' },
                  {
                    choice: 'Appearance',
                    value: 'system',
                    onValueChange: onScheme,
                    options: [
                      { value: 'system', label: 'Match system' },
                      { value: 'dark', label: 'Dark' },
                    ],
                  },
                ]}
              />
            }
          />
          <Route path="/profile" element={<h1>Profile page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Maya Okafor');
    expect(screen.getByRole('group', { name: 'Appearance' })).toBeTruthy();
    const system = screen.getByRole('menuitemradio', { name: 'Match system' });
    expect(system.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(onScheme).toHaveBeenCalledWith('dark');
    expect(screen.getByRole('menu')).toBeTruthy();
    const profile = screen.getByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/profile');
    await user.click(profile);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

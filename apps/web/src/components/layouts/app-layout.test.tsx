import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pretendViewport } from '../../lib/testing/viewport';
import { AppLayout, type AppLayoutProps, type NavItem } from './app-layout';

const places: NavItem[] = ['Overview', 'Programs', 'Explore'].map((label) => ({
  label,
  to: `/${label.toLowerCase()}`,
  icon: null,
  matches: (pathname) => pathname === `/${label.toLowerCase()}`,
}));

function openAt(
  width: number,
  { userImageUrl, onOpenSupport = () => undefined }: Partial<AppLayoutProps> = {},
) {
  pretendViewport(width);
  render(
    <MemoryRouter initialEntries={['/programs']}>
      <AppLayout
        navItems={places}
        userName="Maya Okafor"
        userEmail="maya@example.com"
        userImageUrl={userImageUrl}
        profilePath="/profile"
        onSignOut={() => undefined}
        onOpenSupport={onOpenSupport}
      >
        <p>Page</p>
      </AppLayout>
    </MemoryRouter>,
  );
}

describe('AppLayout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a phone the bottom bar as its one main navigation, with the current place marked', () => {
    openAt(375);
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    // The bottom bar's places are its actions; the rail would lead with the product mark's link.
    expect(within(navigation).queryByRole('link', { name: 'Liftoff overview' })).toBeNull();
    expect(within(navigation).getByRole('link', { name: 'Programs' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('gives a tablet or wider the rail as its one main navigation', () => {
    openAt(1440);
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(within(navigation).queryByRole('link', { name: 'Liftoff overview' })).not.toBeNull();
    expect(within(navigation).getByRole('link', { name: 'Programs' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(navigation).getAllByRole('link')).toHaveLength(places.length + 1);
  });

  it('shows the initials on the account button, or the picture once there is one, and names both', () => {
    openAt(375);
    const account = screen.getByRole('button', { name: 'MO account menu for Maya Okafor' });
    expect(account.textContent).toBe('MO');
    expect(account.querySelector('img')).toBeNull();
    cleanup();

    openAt(375, { userImageUrl: 'data:image/png;base64,AAAA' });
    const withPicture = screen.getByRole('button', { name: 'MO account menu for Maya Okafor' });
    expect(withPicture.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(withPicture.textContent).toBe('');

    // A picture that cannot be loaded (offline, or gone from its address) gives way to the initials.
    fireEvent.error(withPicture.querySelector('img')!);
    expect(withPicture.querySelector('img')).toBeNull();
    expect(withPicture.textContent).toBe('MO');
  });

  it('opens support from the app bar at any width', () => {
    for (const width of [375, 1440]) {
      const onOpenSupport = vi.fn();
      openAt(width, { onOpenSupport });
      fireEvent.click(screen.getByRole('button', { name: 'Support' }));
      expect(onOpenSupport).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it('opens the account menu with the profile, the appearance and sign-out, its code fetched when pressed', async () => {
    openAt(1440);
    fireEvent.click(screen.getByRole('button', { name: /account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(3);
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('keeps the focus on the account button while its menu arrives, and opens it from the keyboard', async () => {
    const user = userEvent.setup();
    openAt(1440);
    act(() => screen.getByRole('button', { name: /account menu/ }).focus());
    // The menu's own button takes the place of the one that fetched it, with the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'MO account menu for Maya Okafor' }),
      ),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appTheme } from '../../app/theme';
import { pretendViewport } from '../../lib/testing/viewport';
import { AppLayout, type NavItem } from './app-layout';

const places: NavItem[] = ['Overview', 'Programs', 'Explore'].map((label) => ({
  label,
  to: `/${label.toLowerCase()}`,
  icon: null,
  matches: (pathname) => pathname === `/${label.toLowerCase()}`,
}));

function openAt(width: number) {
  pretendViewport(width);
  render(
    <ThemeProvider theme={appTheme()}>
      <MemoryRouter initialEntries={['/programs']}>
        <AppLayout
          navItems={places}
          userName="Maya Okafor"
          userEmail="maya@example.com"
          profilePath="/profile"
          onSignOut={() => undefined}
          onOpenSupport={() => undefined}
        >
          <p>Page</p>
        </AppLayout>
      </MemoryRouter>
    </ThemeProvider>,
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
});

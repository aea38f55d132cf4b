import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { PlainIcon } from '../plain-icon';
import { ProductMark } from '../product-mark';
import './app-layout.css';

export type NavItem = { label: string; to: string; icon: ReactNode; matches: (pathname: string) => boolean };

export type AppLayoutProps = {
  navItems: NavItem[];
  userName: string;
  userEmail: string;
  /** The profile picture (a URL or data URL); the initials show without one. */
  userImageUrl?: string | null;
  profilePath: string;
  onSignOut: () => void;
  onOpenSupport: () => void;
  /** Shown in the app bar before the support button (the notification bell). */
  appBarActions?: ReactNode;
  /** Extra destinations in the profile menu (the studio, for the program team). */
  menuLinks?: Array<{ label: string; to: string; icon: ReactNode }>;
  children?: ReactNode;
};

/** The theme's tablet breakpoint (app/theme.ts), from which the rail replaces the bottom bar (app-layout.css). */
const TABLET_UP = '(min-width:768px)';
/** More places than this and the phone's bottom bar scrolls (the founders' six fit side by side on a 375 px phone). */
const CROWDED_BOTTOM_NAV = 6;

/** Brings the current place into view in a scrolling bottom bar (the studio's, on a phone). */
function scrollIntoBar(element: HTMLElement | null) {
  element?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
}

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The profile picture, or the initials without one or when it cannot be loaded (as MUI's Avatar falls back). */
function AccountAvatar({ imageUrl, initials }: { imageUrl?: string | null; initials: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="shell__avatar">
      {imageUrl && !broken ? <img src={imageUrl} alt="" onError={() => setBroken(true)} /> : initials}
    </span>
  );
}

function ProfileMenu({
  userName,
  userEmail,
  userImageUrl,
  profilePath,
  onSignOut,
  menuLinks = [],
}: Omit<AppLayoutProps, 'navItems' | 'onOpenSupport' | 'appBarActions'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { mode, setMode } = useColorScheme();
  const menuId = useId();
  const close = () => setAnchor(null);
  const modes = [
    { value: 'system', label: 'Match system', icon: <SettingsBrightnessIcon fontSize="small" /> },
    { value: 'light', label: 'Light', icon: <LightModeIcon fontSize="small" /> },
    { value: 'dark', label: 'Dark', icon: <DarkModeIcon fontSize="small" /> },
  ] as const;
  return (
    <>
      <button
        type="button"
        className="shell__control shell__icon-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name carries the visible initials too, so voice users can say what they see (WCAG 2.5.3).
        aria-label={`${initials(userName)} account menu for ${userName}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      >
        <AccountAvatar key={userImageUrl ?? ''} imageUrl={userImageUrl} initials={initials(userName)} />
      </button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {userName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {userEmail}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={profilePath} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile</ListItemText>
        </MenuItem>
        {menuLinks.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText>{link.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <Typography
          variant="overline"
          sx={{ px: 2, color: 'text.secondary', display: 'block' }}
          id={`${menuId}-theme`}
        >
          Appearance
        </Typography>
        {modes.map((option) => (
          <MenuItem
            key={option.value}
            role="menuitemradio"
            aria-checked={(mode ?? 'system') === option.value}
            onClick={() => setMode(option.value)}
          >
            <ListItemIcon>{option.icon}</ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
            {(mode ?? 'system') === option.value ? <CheckIcon fontSize="small" sx={{ ml: 1 }} /> : null}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** The places as links, in the rail or the bottom bar: an icon over its label, the current one marked. */
function PlaceLinks({
  places,
  activeIndex,
  bar,
  currentRef,
}: {
  places: NavItem[];
  activeIndex: number;
  bar: 'rail' | 'bottom';
  currentRef?: (element: HTMLElement | null) => void;
}) {
  return places.map((place, index) => (
    <RouterLink
      key={place.to}
      className={`shell__control shell__${bar}-item`}
      to={place.to}
      aria-current={index === activeIndex ? 'page' : undefined}
      ref={index === activeIndex ? currentRef : undefined}
    >
      {place.icon}
      <span className={`shell__${bar}-label`}>{place.label}</span>
    </RouterLink>
  ));
}

/** MUI's HelpOutlined. */
const HELP_ICON =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 17h-2v-2h2zm2.07-7.75-.9.92C13.45 12.9 13 13.5 13 15h-2v-.5c0-1.1.45-2.1 1.17-2.83l1.24-1.26c.37-.36.59-.86.59-1.41 0-1.1-.9-2-2-2s-2 .9-2 2H8c0-2.21 1.79-4 4-4s4 1.79 4 4c0 .88-.36 1.68-.93 2.25';

/**
 * design.md layout: a navigation rail from tablet width up, a bottom navigation below it, an app bar
 * with the support button and the profile dropdown. Receives its destinations; imports no feature.
 *
 * Drawn with plain elements and one static stylesheet (app-layout.css) rather than MUI's components: the shell
 * is in every signed-in page's first commit, and each styled component there is styles serialized and inserted
 * on a phone's CPU before the page can paint (decision 051). The profile menu, opened later, stays MUI's.
 */
export function AppLayout({
  navItems,
  userName,
  userEmail,
  userImageUrl,
  profilePath,
  onSignOut,
  onOpenSupport,
  appBarActions,
  menuLinks,
  children,
}: AppLayoutProps) {
  const { pathname } = useLocation();
  const activeIndex = navItems.findIndex((item) => item.matches(pathname));
  const crowded = navItems.length > CROWDED_BOTTOM_NAV;
  const home = navItems[0]?.to ?? '/';
  // One navigation is drawn, the one this width shows: drawing the other hidden would double the shell's first
  // render on a phone, where every signed-in page waits for it. Read at once (noSsr), so the first render is right.
  const wide = useMediaQuery(TABLET_UP, { noSsr: true });
  return (
    <div className="shell">
      <a className="shell__skip" href="#main">
        Skip to content
      </a>
      <header className="shell__bar">
        <div className="shell__toolbar">
          <RouterLink className="shell__bar-mark" to={home}>
            <ProductMark size={32} />
          </RouterLink>
          <div className="shell__spacer" />
          {appBarActions}
          <button
            type="button"
            className="shell__control shell__text-button"
            onClick={onOpenSupport}
            aria-haspopup="dialog"
          >
            <PlainIcon d={HELP_ICON} />
            Support
          </button>
          <ProfileMenu
            userName={userName}
            userEmail={userEmail}
            userImageUrl={userImageUrl}
            profilePath={profilePath}
            onSignOut={onSignOut}
            menuLinks={menuLinks}
          />
        </div>
      </header>

      {wide ? (
        <nav className="shell__rail" aria-label="Main">
          <RouterLink className="shell__rail-mark" to={home} aria-label="Liftoff overview">
            <ProductMark size={40} withName={false} />
          </RouterLink>
          <PlaceLinks places={navItems} activeIndex={activeIndex} bar="rail" />
        </nav>
      ) : null}

      <main className="shell__main" id="main" tabIndex={-1}>
        <div className="shell__page">{children ?? <Outlet />}</div>
      </main>

      {wide ? null : (
        <nav className={crowded ? 'shell__bottom shell__bottom--crowded' : 'shell__bottom'} aria-label="Main">
          <PlaceLinks
            places={navItems}
            activeIndex={activeIndex}
            bar="bottom"
            // Only a bar that scrolls has a place to bring into view; asking any other forces a layout of
            // the whole page in the middle of the first render.
            currentRef={crowded ? scrollIntoBar : undefined}
          />
        </nav>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, type Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { ProductMark } from '../product-mark';

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

const RAIL_WIDTH = 96;
const BOTTOM_NAV_HEIGHT = 64;
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
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name carries the visible initials too, so voice users can say what they see (WCAG 2.5.3).
        aria-label={`${initials(userName)} account menu for ${userName}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={userImageUrl ?? undefined}
          alt=""
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 15,
            fontWeight: 700,
          }}
        >
          {initials(userName)}
        </Avatar>
      </IconButton>
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

/**
 * design.md layout: a navigation rail from tablet width up, a bottom navigation below it, an app bar
 * with the support button and the profile dropdown. Receives its destinations; imports no feature.
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
  // One navigation is drawn, the one this width shows: drawing the other hidden would double the shell's first
  // render on a phone, where every signed-in page waits for it. Read at once (noSsr), so the first render is right.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('tablet'), { noSsr: true });
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          pl: { xs: 0, tablet: `${RAIL_WIDTH}px` },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to={navItems[0]?.to ?? '/'}
            sx={{ color: 'inherit', textDecoration: 'none', display: { xs: 'flex', tablet: 'none' } }}
          >
            <ProductMark size={32} />
          </Box>
          <Box sx={{ flex: 1 }} />
          {appBarActions}
          <Button color="inherit" startIcon={<HelpIcon />} onClick={onOpenSupport} aria-haspopup="dialog">
            Support
          </Button>
          <ProfileMenu
            userName={userName}
            userEmail={userEmail}
            userImageUrl={userImageUrl}
            profilePath={profilePath}
            onSignOut={onSignOut}
            menuLinks={menuLinks}
          />
        </Toolbar>
      </AppBar>

      {wide ? (
        <Paper
          component="nav"
          aria-label="Main"
          square
          elevation={0}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            position: 'fixed',
            inset: '0 auto 0 0',
            width: RAIL_WIDTH,
            borderRight: 1,
            borderColor: 'divider',
            py: 1.5,
            gap: 0.5,
            zIndex: (theme) => theme.zIndex.appBar + 1,
          }}
        >
          <Box
            component={RouterLink}
            to={navItems[0]?.to ?? '/'}
            sx={{ mb: 2, display: 'flex' }}
            aria-label="Liftoff overview"
          >
            <ProductMark size={40} withName={false} />
          </Box>
          {navItems.map((item, index) => {
            const active = index === activeIndex;
            return (
              <ButtonBase
                key={item.to}
                component={RouterLink}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                sx={{
                  width: 80,
                  flexDirection: 'column',
                  gap: 0.5,
                  py: 1,
                  borderRadius: 2,
                  color: active ? 'primary.main' : 'text.secondary',
                  bgcolor: active ? 'action.selected' : 'transparent',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                {item.icon}
                <Typography
                  variant="caption"
                  sx={{ fontWeight: active ? 700 : 500, textAlign: 'center', lineHeight: 1.2 }}
                >
                  {item.label}
                </Typography>
              </ButtonBase>
            );
          })}
        </Paper>
      ) : null}

      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          pl: { xs: 0, tablet: `${RAIL_WIDTH}px` },
          pt: { xs: 8, sm: 9 },
          pb: { xs: `${BOTTOM_NAV_HEIGHT + 24}px`, tablet: 4 },
          outline: 'none',
        }}
      >
        <Box sx={{ px: { xs: 2, sm: 3, laptop: 5 }, py: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>
          {children ?? <Outlet />}
        </Box>
      </Box>

      {wide ? null : (
        <Paper
          component="nav"
          aria-label="Main"
          elevation={3}
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: (theme) => theme.zIndex.appBar,
          }}
        >
          <BottomNavigation
            value={activeIndex === -1 ? false : activeIndex}
            showLabels
            sx={{
              height: BOTTOM_NAV_HEIGHT,
              // The studio has more places than a phone's width holds: they scroll sideways inside the bar
              // (each keeps a readable width) instead of squeezing their labels into each other.
              ...(crowded && { justifyContent: 'flex-start', overflowX: 'auto', scrollbarWidth: 'none' }),
            }}
          >
            {navItems.map((item, index) => (
              <BottomNavigationAction
                key={item.to}
                component={RouterLink}
                to={item.to}
                label={item.label}
                icon={item.icon}
                value={index}
                aria-current={index === activeIndex ? 'page' : undefined}
                // Only a bar that scrolls has a place to bring into view; asking any other forces a layout of
                // the whole page in the middle of the first render.
                ref={crowded && index === activeIndex ? scrollIntoBar : undefined}
                sx={crowded ? { minWidth: 80, flex: '0 0 auto', px: 0.5 } : { minWidth: 0, px: 0.5 }}
              />
            ))}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
}

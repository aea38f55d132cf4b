import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { CircleHelp } from 'lucide-react';
import { useMediaQuery } from '../../lib/use-media-query';
import { lazyPart, useLazyTrigger } from '../lazy-part';
import { AccountAvatar, initials } from './account-avatar';
import { OfflineBanner } from '../offline-banner';
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

/** The tablet breakpoint (tokens.css), from which the rail replaces the bottom bar (app-layout.css). */
const TABLET_UP = '(min-width:768px)';
/** More places than this and the phone's bottom bar scrolls (the founders' six fit side by side on a 375 px phone). */
const CROWDED_BOTTOM_NAV = 6;

/** Brings the current place into view in a scrolling bottom bar (the studio's, on a phone). */
function scrollIntoBar(element: HTMLElement | null) {
  element?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
}

export type AccountMenuProps = Omit<
  AppLayoutProps,
  'navItems' | 'onOpenSupport' | 'appBarActions' | 'children'
>;

const accountMenu = lazyPart(async () => (await import('./account-menu')).AccountMenu);

/**
 * The account button; its menu's code (the kit's Menu on Base UI, with its positioning) is fetched when the
 * pointer comes over the button, it takes the focus or it is pressed, not with every signed-in page. Once here,
 * the menu's own button takes this one's place, keeping the focus, and opens if this one was pressed.
 */
function ProfileMenu(props: AccountMenuProps) {
  const [pressed, setPressed] = useState(false);
  const { fetched, focused, triggerProps } = useLazyTrigger(accountMenu, () => setPressed(true));
  if (fetched.state === 'here') {
    const Loaded = fetched.part;
    return <Loaded {...props} defaultOpen={pressed} focusTrigger={focused.current} />;
  }
  const { userName, userImageUrl } = props;
  return (
    <button
      type="button"
      className="shell__control shell__icon-button"
      aria-label={`${initials(userName)} account menu for ${userName}`}
      aria-haspopup="menu"
      aria-expanded="false"
      {...triggerProps}
    >
      <AccountAvatar key={userImageUrl ?? ''} imageUrl={userImageUrl} initials={initials(userName)} />
    </button>
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

/**
 * design.md layout: a navigation rail from tablet width up, a bottom navigation below it, an app bar
 * with the support button and the profile dropdown. Receives its destinations; imports no feature.
 *
 * Drawn with plain elements, the kit's Menu and one static stylesheet (app-layout.css) on the design tokens: the
 * shell is in every signed-in page's first commit, so it inserts no styles from script (decision 062). The
 * offline banner is drawn here, in the page's flow just below the app bar, so the fixed bar never covers it.
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
  // render on a phone, where every signed-in page waits for it. Read at once, so the first render is right.
  const wide = useMediaQuery(TABLET_UP);
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
            <CircleHelp aria-hidden="true" />
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
        <OfflineBanner placement="shell" />
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

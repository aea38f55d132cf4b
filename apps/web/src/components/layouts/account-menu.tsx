import { useEffect, useRef } from 'react';
import { LogOut, Monitor, Moon, Sun, UserRound } from 'lucide-react';
import { Menu } from '../ui/menu';
import type { MenuItem } from '../ui/menu';
import { Text } from '../ui/text';
import { useColorSchemeChoice } from '../../lib/color-scheme';
import type { ColorSchemeMode } from '../../lib/color-scheme';
import { AccountAvatar, initials } from './account-avatar';
import type { AccountMenuProps } from './app-layout';

/**
 * The account menu: who is signed in, the profile and the other places of the account, the appearance, and
 * sign-out. Fetched on first use (app-layout.tsx's ProfileMenu).
 */
export function AccountMenu({
  userName,
  userEmail,
  userImageUrl,
  profilePath,
  onSignOut,
  menuLinks = [],
  defaultOpen,
  focusTrigger,
}: AccountMenuProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Takes the focus from the button it replaces (app-layout.tsx), which had it.
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  const { mode, setMode } = useColorSchemeChoice();
  const items: MenuItem[] = [
    { label: 'Profile', to: profilePath, icon: <UserRound /> },
    ...menuLinks.map((link) => ({ label: link.label, to: link.to, icon: link.icon })),
    { separator: true },
    {
      choice: 'Appearance',
      value: mode,
      onValueChange: (value) => setMode(value as ColorSchemeMode),
      options: [
        { value: 'system', label: 'Match system', icon: <Monitor /> },
        { value: 'light', label: 'Light', icon: <Sun /> },
        { value: 'dark', label: 'Dark', icon: <Moon /> },
      ],
    },
    { separator: true },
    { label: 'Sign out', icon: <LogOut />, onSelect: onSignOut },
  ];
  return (
    <Menu
      align="end"
      defaultOpen={defaultOpen}
      header={
        <>
          <Text weight="bold" truncate>
            {userName}
          </Text>
          <Text variant="body-small" tone="muted" truncate>
            {userEmail}
          </Text>
        </>
      }
      items={items}
      trigger={
        <button
          ref={trigger}
          type="button"
          className="shell__control shell__icon-button"
          // The name carries the visible initials too, so voice users can say what they see (WCAG 2.5.3).
          aria-label={`${initials(userName)} account menu for ${userName}`}
        >
          <AccountAvatar key={userImageUrl ?? ''} imageUrl={userImageUrl} initials={initials(userName)} />
        </button>
      }
    />
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@liftoff/contracts/notifications';
import { Bell } from 'lucide-react';
import { paths } from '../../../config/paths';
import { AppBarIconButton } from '../../../components/layouts/app-bar-button';
import { lazyPart, useLazyTrigger } from '../../../components/lazy-part';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { UNREAD_POLL_MS, useMarkNotificationReadMutation, useUnreadCountQuery } from '../api';

const panel = lazyPart(async () => (await import('./notification-panel')).NotificationPanel);

/**
 * The app bar's bell: the unread count, the latest notifications, mark read, a link to each, and to the
 * full list at `allHref` (the founders' app and the studio each have their own). The bell and its count are
 * drawn at once; the popover's code (the kit's Popover on Base UI) is fetched when the bell is pointed at,
 * focused or pressed, not with every signed-in page.
 */
export function NotificationBell({ allHref = paths.notifications }: { allHref?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // Asked for once the page is on screen: the count beside the bell does not share a phone's connection with
  // the page the founder opened.
  const pagePainted = useAfterFirstPaint();
  const { data } = useUnreadCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS, skip: !pagePainted });
  const [markRead] = useMarkNotificationReadMutation();
  const { fetched, focused, triggerProps } = useLazyTrigger(panel, () => setOpen(true));
  const unread = data?.unread ?? 0;
  const openItem = (item: Notification) => {
    setOpen(false);
    if (!item.readAt) void markRead(item.id);
    void navigate(item.link);
  };
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  if (fetched.state === 'here') {
    const Panel = fetched.part;
    return (
      <Panel
        open={open}
        onOpenChange={setOpen}
        unread={unread}
        allHref={allHref}
        onOpenItem={openItem}
        focusTrigger={focused.current}
        trigger={
          <AppBarIconButton aria-label={label} badge={unread}>
            <Bell aria-hidden="true" />
          </AppBarIconButton>
        }
      />
    );
  }
  return (
    <AppBarIconButton
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded="false"
      badge={unread}
      {...triggerProps}
    >
      <Bell aria-hidden="true" />
    </AppBarIconButton>
  );
}

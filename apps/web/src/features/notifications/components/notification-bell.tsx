import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@liftoff/contracts/notifications';
import { Bell, BellOff, RefreshCw } from 'lucide-react';
import { paths } from '../../../config/paths';
import { AppBarIconButton } from '../../../components/layouts/app-bar-button';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { errorMessage } from '../../../lib/api';
import {
  UNREAD_POLL_MS,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
  useUnreadCountQuery,
} from '../api';
import { NotificationIcon } from './notification-icon';
import { NotificationDetail } from './notification-detail';
import styles from './notification-bell.module.css';

function NotificationList({ onOpen }: { onOpen: (item: Notification) => void }) {
  const { data, error, isLoading, isFetching, refetch } = useNotificationsQuery({ pageSize: 20 });
  if (isLoading)
    return (
      <Stack
        gap={1}
        className={styles.state}
        role="status"
        aria-busy="true"
        aria-label="Loading notifications"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} shape="rect" height={56} />
        ))}
      </Stack>
    );
  if (error)
    return (
      <Stack gap={1} align="start" className={styles.state} role="alert">
        <Text tone="error">We could not load your notifications. {errorMessage(error)}</Text>
        <Button
          variant="outline"
          size="small"
          icon={<RefreshCw />}
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          {isFetching ? 'Trying…' : 'Try again'}
        </Button>
      </Stack>
    );
  if (!data?.notifications.length)
    return (
      <Stack gap={1} align="center" className={`${styles.state} ${styles.empty}`}>
        <BellOff aria-hidden="true" className={styles.emptyIcon} />
        <Text weight="semibold">No notifications yet</Text>
        <Text variant="body-small" tone="muted">
          When your work is reviewed, commented on or reopened, you will hear it here.
        </Text>
      </Stack>
    );
  return (
    <ul className={styles.list} aria-label="Notifications">
      {data.notifications.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={item.readAt ? styles.item : `${styles.item} ${styles.unread}`}
            onClick={() => onOpen(item)}
          >
            <span className={styles.itemIcon}>
              <NotificationIcon kind={item.icon} />
            </span>
            <span className={styles.itemText}>
              <span className={styles.itemTitle}>
                {item.readAt ? null : <span className={styles.visuallyHidden}>Unread: </span>}
                {item.title}
              </span>
              <span className={styles.itemDetail}>
                <NotificationDetail item={item} />
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The app bar's bell: the unread count, the latest notifications, mark read, a link to each, and to the
 * full list at `allHref` (the founders' app and the studio each have their own).
 */
export function NotificationBell({ allHref = paths.notifications }: { allHref?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // Asked for once the page is on screen: the count beside the bell does not share a phone's connection with
  // the page the founder opened.
  const pagePainted = useAfterFirstPaint();
  const { data } = useUnreadCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS, skip: !pagePainted });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const unread = data?.unread ?? 0;
  const openItem = (item: Notification) => {
    setOpen(false);
    if (!item.readAt) void markRead(item.id);
    void navigate(item.link);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      wide
      flush
      hideTitle
      title="Notifications"
      trigger={
        <AppBarIconButton
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          badge={unread}
        >
          <Bell aria-hidden="true" />
        </AppBarIconButton>
      }
    >
      <Stack direction="row" align="center" gap={1} className={styles.header}>
        <Heading level={2} size={5} className={styles.heading}>
          Notifications
        </Heading>
        <Button
          variant="ghost"
          size="small"
          onClick={() => void markAllRead()}
          disabled={!unread || markingAll}
        >
          Mark all read
        </Button>
      </Stack>
      {open ? <NotificationList onOpen={openItem} /> : null}
      <div className={styles.footer}>
        <ButtonLink variant="ghost" size="small" to={allHref} onClick={() => setOpen(false)}>
          See all notifications
        </ButtonLink>
      </div>
    </Popover>
  );
}

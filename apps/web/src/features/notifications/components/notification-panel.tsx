import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import type { Notification } from '@liftoff/contracts/notifications';
import { BellOff, RefreshCw } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { errorMessage } from '../../../lib/api';
import { useMarkAllNotificationsReadMutation, useNotificationsQuery } from '../api';
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

export type NotificationPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell button (notification-bell.tsx), which opens it. */
  trigger: ReactElement;
  unread: number;
  allHref: string;
  onOpenItem: (item: Notification) => void;
  /** Takes the focus from the bell it replaces, which had it. */
  focusTrigger?: boolean;
};

/**
 * The bell's popover: the latest notifications, mark all read, and the full list. Fetched on first use
 * (notification-bell.tsx).
 */
export function NotificationPanel({
  open,
  onOpenChange,
  trigger,
  unread,
  allHref,
  onOpenItem,
  focusTrigger,
}: NotificationPanelProps) {
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (focusTrigger) anchor.current?.querySelector('button')?.focus();
  }, [focusTrigger]);
  return (
    <span ref={anchor} className={styles.triggerSlot}>
      <Popover
        open={open}
        onOpenChange={onOpenChange}
        align="end"
        wide
        flush
        hideTitle
        title="Notifications"
        trigger={trigger}
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
        {open ? <NotificationList onOpen={onOpenItem} /> : null}
        <div className={styles.footer}>
          <ButtonLink variant="ghost" size="small" to={allHref} onClick={() => onOpenChange(false)}>
            See all notifications
          </ButtonLink>
        </div>
      </Popover>
    </span>
  );
}

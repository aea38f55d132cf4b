import type { Notification } from '@liftoff/contracts/notifications';
import styles from './notification-bell.module.css';
import { notificationTime } from './notification-time';

/**
 * A notification's body and when it came, under its title (in the bell and on the full list); for a subject
 * with several entries, how many (the title is the newest).
 */
export function NotificationDetail({ item }: { item: Notification }) {
  return (
    <>
      {item.body}
      <span className={styles.when}>
        {notificationTime(item.createdAt)}
        {item.count > 1 ? ` · ${item.count} updates` : null}
      </span>
    </>
  );
}

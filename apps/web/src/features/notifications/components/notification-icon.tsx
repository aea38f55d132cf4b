import type { NotificationIcon as IconKind } from '@liftoff/contracts/notifications';
import { AtSign, Link, Star } from 'lucide-react';
import styles from './notification-bell.module.css';

/** The specification's info toast icons: mention, link and star. */
export function NotificationIcon({ kind }: { kind: IconKind }) {
  if (kind === 'mention') return <AtSign aria-hidden="true" className={styles.iconPrimary} />;
  if (kind === 'star') return <Star aria-hidden="true" className={styles.iconStar} />;
  return <Link aria-hidden="true" className={styles.iconPrimary} />;
}

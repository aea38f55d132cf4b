import type { NotificationIcon as IconKind } from '@liftoff/contracts/notifications';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import LinkIcon from '@mui/icons-material/Link';
import StarIcon from '@mui/icons-material/StarRounded';

/** The specification's info toast icons: mention, link and star. */
export function NotificationIcon({ kind }: { kind: IconKind }) {
  if (kind === 'mention') return <AlternateEmailIcon fontSize="small" color="primary" />;
  if (kind === 'star') return <StarIcon fontSize="small" sx={{ color: 'secondary.dark' }} />;
  return <LinkIcon fontSize="small" color="primary" />;
}

import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Notification } from '@liftoff/contracts/notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { paths } from '../../../config/paths';
import { AppBarIconButton } from '../../../components/layouts/app-bar-button';
import { PlainIcon } from '../../../components/plain-icon';
import { visuallyHidden } from '../../../components/product-mark';
import { RetryAlert } from '../../../components/retry-alert';
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

/** MUI's NotificationsOutlined, drawn bare: the bell is in every signed-in page's app bar (decision 051). */
const BELL_ICON =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.9 2 2 2m6-6v-5c0-3.07-1.63-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.64 5.36 6 7.92 6 11v5l-2 2v1h16v-1zm-2 1H8v-6c0-2.48 1.51-4.5 4-4.5s4 2.02 4 4.5z';

function NotificationList({ onOpen }: { onOpen: (item: Notification) => void }) {
  const { data, error, isLoading, isFetching, refetch } = useNotificationsQuery({ pageSize: 20 });
  if (isLoading)
    return (
      <Stack spacing={1} sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  if (error)
    return (
      <Box sx={{ p: 2 }}>
        <RetryAlert
          message={`We could not load your notifications. ${errorMessage(error)}`}
          onRetry={() => void refetch()}
          retryLabel={isFetching ? 'Trying…' : 'Try again'}
          retryDisabled={isFetching}
        />
      </Box>
    );
  if (!data?.notifications.length)
    return (
      <Stack spacing={1} sx={{ p: 4, textAlign: 'center', alignItems: 'center' }}>
        <NotificationsNoneIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>No notifications yet</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          When your work is reviewed, commented on or reopened, you will hear it here.
        </Typography>
      </Stack>
    );
  return (
    <List dense disablePadding aria-label="Notifications">
      {data.notifications.map((item) => (
        <ListItemButton
          key={item.id}
          onClick={() => onOpen(item)}
          sx={{ alignItems: 'flex-start', bgcolor: item.readAt ? 'transparent' : 'action.hover' }}
        >
          <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
            <NotificationIcon kind={item.icon} />
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {item.readAt ? null : (
                  <Box component="span" sx={visuallyHidden}>
                    Unread:{' '}
                  </Box>
                )}
                <Box component="span" sx={{ fontWeight: item.readAt ? 400 : 700 }}>
                  {item.title}
                </Box>
              </>
            }
            secondary={<NotificationDetail item={item} />}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

/**
 * The app bar's bell: the unread count, the latest notifications, mark read, a link to each, and to the
 * full list at `allHref` (the founders' app and the studio each have their own).
 */
export function NotificationBell({ allHref = paths.notifications }: { allHref?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const navigate = useNavigate();
  // Asked for once the page is on screen: the count beside the bell does not share a phone's connection with
  // the page the founder opened.
  const pagePainted = useAfterFirstPaint();
  const { data } = useUnreadCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS, skip: !pagePainted });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const unread = data?.unread ?? 0;
  const close = () => setAnchor(null);
  const open = (item: Notification) => {
    close();
    if (!item.readAt) void markRead(item.id);
    void navigate(item.link);
  };
  return (
    <>
      <AppBarIconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        badge={unread}
      >
        <PlainIcon d={BELL_ICON} />
      </AppBarIconButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notifications',
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh', mt: 1 },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, flex: 1 }}>
            Notifications
          </Typography>
          <Button size="small" onClick={() => void markAllRead()} disabled={!unread || markingAll}>
            Mark all read
          </Button>
        </Stack>
        {anchor ? <NotificationList onOpen={open} /> : null}
        <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
          <Button size="small" component={RouterLink} to={allHref} onClick={close}>
            See all notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}

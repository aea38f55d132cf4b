import type { Notification } from '@liftoff/contracts/notifications';
import DoneIcon from '@mui/icons-material/Done';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { visuallyHidden } from '../../../components/product-mark';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from '../api';
import { NotificationIcon } from '../components/notification-icon';
import { NotificationDetail } from '../components/notification-detail';

export const NOTIFICATIONS_PAGE_SIZE = 20;

function Row({ item, onRead, busy }: { item: Notification; onRead: () => void; busy: boolean }) {
  const unread = !item.readAt;
  return (
    <ListItem
      divider
      sx={{ alignItems: 'flex-start', bgcolor: unread ? 'action.hover' : 'transparent', pr: 7 }}
      secondaryAction={
        unread ? (
          <Tooltip title="Mark as read">
            <IconButton
              edge="end"
              aria-label={`Mark “${item.title}” as read`}
              onClick={onRead}
              disabled={busy}
            >
              <DoneIcon />
            </IconButton>
          </Tooltip>
        ) : null
      }
    >
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
        <NotificationIcon kind={item.icon} />
      </ListItemIcon>
      <ListItemText
        primary={
          <Link
            component={RouterLink}
            to={item.link}
            // Opening what it is about reads it, as in the bell.
            onClick={() => unread && onRead()}
            underline="hover"
            sx={{ fontWeight: unread ? 700 : 400, color: 'text.primary' }}
          >
            {unread ? (
              <Box component="span" sx={visuallyHidden}>
                Unread:{' '}
              </Box>
            ) : null}
            {item.title}
          </Link>
        }
        secondary={<NotificationDetail item={item} />}
      />
    </ListItem>
  );
}

/**
 * Every notification of the signed-in person, newest first, a page at a time (the bell shows the latest
 * twenty): filter to the unread, mark one or all read, and follow each to what it is about.
 */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const unreadOnly = params.get('show') === 'unread';
  const { data, error, isLoading, isFetching, refetch } = useNotificationsQuery({
    page,
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    unreadOnly,
  });
  const [markRead, { isLoading: marking }] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const go = (next: { page?: number; unread?: boolean }) => {
    const search = new URLSearchParams();
    if (next.unread ?? unreadOnly) search.set('show', 'unread');
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <PageTitle>Notifications</PageTitle>
        <Box>
          <Button
            variant="outlined"
            onClick={() => void markAllRead()}
            disabled={!data?.unread || markingAll}
          >
            Mark all as read
          </Button>
        </Box>
      </Stack>
      <Tabs
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(_e, value: string) => go({ unread: value === 'unread' })}
        aria-label="Which notifications"
      >
        <Tab value="all" label="All" />
        <Tab value="unread" label={data ? `Unread (${data.unread})` : 'Unread'} />
      </Tabs>
      {isLoading ? (
        <PageSkeleton label="Loading notifications" cards={4} height={72} />
      ) : error || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} what="your notifications" />
      ) : data.notifications.length === 0 ? (
        <EmptyState
          icon={<NotificationsNoneIcon fontSize="inherit" />}
          title={unreadOnly ? 'Nothing unread' : 'No notifications yet'}
        >
          {unreadOnly
            ? 'You have read every notification.'
            : 'When your work is reviewed, commented on or reopened, you will hear it here.'}
        </EmptyState>
      ) : (
        <Stack spacing={2} aria-busy={isFetching}>
          <List aria-label="Notifications" disablePadding>
            {data.notifications.map((item) => (
              <Row key={item.id} item={item} busy={marking} onRead={() => void markRead(item.id)} />
            ))}
          </List>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_e, next) => go({ page: next })}
              getItemAriaLabel={(type, n, selected) =>
                type === 'page' ? `${selected ? 'Page' : 'Go to page'} ${n}` : `Go to the ${type} page`
              }
            />
          )}
          <Typography variant="body2" color="text.secondary">
            {data.total} {data.total === 1 ? 'notification' : 'notifications'}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

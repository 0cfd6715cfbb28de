import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { MSG, type TNotification } from '@meridian/domain';
import { useFormatDates } from '../../app/office-dates';
import { useSession } from '../../app/session/session-store';
import {
  useHideNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationsReadInRange,
  useMarkNotificationsRead,
  useListNotifications,
} from '../../features/notifications';
import { groupByDay, notificationLink } from '../../features/notifications';

/**
 * The notification side panel: grouped Today / Yesterday / date (the office's days), each notice with
 * its time at the office ("23:30 PST"), unread in bold and
 * read greyed, mark one, a day or all as read, hide, 'See More' while fewer than the total are
 * loaded. A notice is a link to what it is about (a request, a scholar case, a student record), in the
 * reader's own shell; one about nothing to open is plain text. Its words and its action buttons sit side
 * by side, so the text wraps before the buttons and never runs under them.
 */
export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const { pathname } = useLocation();
  const reader = { role: session?.userRole, area: pathname.startsWith('/admin') ? ('admin' as const) : ('isss' as const) };
  const dates = useFormatDates();
  const query = useListNotifications();
  const markRead = useMarkNotificationsRead();
  const markDay = useMarkNotificationsReadInRange();
  const markAll = useMarkAllNotificationsRead();
  const hide = useHideNotifications();
  const { refetch } = query;

  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  const unread = pages[0]?.totalUnread ?? 0;
  const groups = groupByDay(items, dates);
  const busy = markRead.isPending || markDay.isPending || markAll.isPending || hide.isPending;

  // Following a notice's link marks it read and closes the panel; the link itself navigates.
  const opened = (n: TNotification) => {
    if (!n.isRead) markRead.mutate([n.id]);
    onClose();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 380, maxWidth: '100vw' }, 'aria-labelledby': 'notifications-title' } }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography id="notifications-title" variant="h2" component="h2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <IconButton onClick={onClose} aria-label="Close notifications">
            <Close />
          </IconButton>
        </Box>
        {items.length > 0 ? (
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {unread} unread of {total}
            </Typography>
            <Button size="small" startIcon={<DoneAllOutlined />} disabled={unread === 0 || busy} onClick={() => markAll.mutate()}>
              Mark all as read
            </Button>
          </Stack>
        ) : null}
      </Box>
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading notifications" />
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ textAlign: 'center', color: 'text.secondary', py: 6 }}>
          <NotificationsNoneOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography>{MSG.noNotifications}</Typography>
        </Box>
      ) : (
        <Box sx={{ overflowY: 'auto', flex: 1 }}>
          {groups.map((g) => (
            <List
              key={g.day}
              dense
              aria-label={g.label}
              subheader={
                <ListSubheader
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', bgcolor: 'grey.100', lineHeight: '36px' }}
                >
                  <span>{g.label}</span>
                  {g.items.some((n) => !n.isRead) ? (
                    <Button size="small" disabled={busy} onClick={() => markDay.mutate(g.day)}>
                      Mark day as read
                    </Button>
                  ) : null}
                </ListSubheader>
              }
            >
              {g.items.map((n) => {
                const link = notificationLink(n, reader);
                const text = (
                  <ListItemText
                    primary={n.text}
                    secondary={dates.formatTime(n.createdAt)}
                    sx={{ my: 0, overflowWrap: 'anywhere' }}
                    slotProps={{
                      primary: { sx: { fontWeight: n.isRead ? 400 : 600, color: n.isRead ? 'text.secondary' : 'text.primary' } },
                    }}
                  />
                );
                return (
                  <ListItem
                    key={n.id}
                    disablePadding
                    data-notification={n.id}
                    sx={{ alignItems: 'stretch', bgcolor: n.isRead ? 'grey.50' : undefined }}
                  >
                    {link ? (
                      <ListItemButton
                        component={RouterLink}
                        to={link}
                        onClick={() => opened(n)}
                        sx={{ flex: '1 1 auto', minWidth: 0, alignItems: 'flex-start', py: 1, pr: 1 }}
                      >
                        {text}
                      </ListItemButton>
                    ) : (
                      <Box sx={{ flex: '1 1 auto', minWidth: 0, py: 1, pl: 2, pr: 1 }}>{text}</Box>
                    )}
                    <Stack direction="row" data-notification-actions="" sx={{ flex: '0 0 auto', alignItems: 'flex-start', pt: 0.5, pr: 1 }}>
                      {!n.isRead ? (
                        <Tooltip title="Mark as read">
                          <IconButton
                            size="small"
                            aria-label={`Mark as read: ${n.text}`}
                            disabled={busy}
                            onClick={() => markRead.mutate([n.id])}
                          >
                            <DoneOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                      <Tooltip title="Hide">
                        <IconButton size="small" aria-label={`Hide: ${n.text}`} disabled={busy} onClick={() => hide.mutate([n.id])}>
                          <VisibilityOffOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
          ))}
          {query.hasNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                See More
              </Button>
            </Box>
          ) : null}
        </Box>
      )}
    </Drawer>
  );
}

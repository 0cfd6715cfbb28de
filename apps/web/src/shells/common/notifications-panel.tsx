import { Box, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { MSG } from '@meridian/domain';

/** The notification side panel. Notifications themselves come later; it says there are none. */
export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' }, 'aria-labelledby': 'notifications-title' } }}>
      <Box sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
          <Typography id="notifications-title" variant="h2" component="h2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <IconButton onClick={onClose} aria-label="Close notifications">
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ textAlign: 'center', color: 'text.secondary', py: 6 }}>
          <NotificationsNoneOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography>{MSG.noNotifications}</Typography>
        </Box>
      </Box>
    </Drawer>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AppBar, Badge, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import Close from '@mui/icons-material/Close';
import MoreVert from '@mui/icons-material/MoreVert';
import Logout from '@mui/icons-material/Logout';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { SkipLink } from '../../ui/skip-link';
import { useBrandingOrDefault } from '../../app/branding';
import { useLogout } from '../../features/auth';
import { useListNotifications } from '../../features/notifications';
import { NotificationsPanel } from './notifications-panel';
import { SideMenu } from './side-menu';
import type { TMenuEntry } from './menu';
import type SvgIcon from '@mui/material/SvgIcon';

export interface TOverflowAction {
  key: string;
  label: string;
  to: string;
  icon?: typeof SvgIcon;
}

export interface ShellFrameProps {
  title: string;
  userLabel?: string | undefined;
  /** Side menu entries; without them there is no menu toggle. */
  menu?: TMenuEntry[];
  showBell?: boolean;
  overflowActions?: TOverflowAction[];
  children: ReactNode;
}

/**
 * The frame of every signed-in shell: skip link, app bar with menu toggle, title,
 * profile name, bell and overflow menu, the left drawer, and main#main-content.
 */
export function ShellFrame({ title, userLabel, menu, showBell, overflowActions = [], children }: ShellFrameProps) {
  const branding = useBrandingOrDefault();
  const navigate = useNavigate();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [bellOpen, setBellOpen] = useState(false);
  // Polled every 300000 ms while the shell shows a bell; the panel shares the same query.
  const notifications = useListNotifications(!!showBell);
  const unread = notifications.data?.pages[0]?.totalUnread ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hasMenu = !!menu && menu.length > 0;
  const pending = useRef<(() => void) | null>(null);
  const runPending = () => {
    const action = pending.current;
    pending.current = null;
    action?.();
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="sticky" component="header" sx={{ borderBottom: 4, borderColor: 'secondary.main' }}>
        <Toolbar sx={{ gap: 1 }}>
          {hasMenu ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="side-menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <Close /> : <MenuIcon />}
            </IconButton>
          ) : null}
          {branding.logoImageURL ? (
            <Box
              component="img"
              src={branding.logoImageURL}
              alt=""
              sx={{ height: 32, maxWidth: 120, objectFit: 'contain', bgcolor: '#fff', borderRadius: 0.5, p: 0.25 }}
            />
          ) : null}
          <Typography component="p" variant="h6" noWrap sx={{ flex: 1, fontWeight: 600, fontSize: { xs: '1rem', sm: '1.2rem' } }}>
            {title}
          </Typography>
          {userLabel ? (
            <Typography component="p" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 240 }}>
              {userLabel}
            </Typography>
          ) : null}
          {showBell ? (
            <Tooltip title="Notifications">
              <IconButton
                color="inherit"
                aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
                aria-haspopup="dialog"
                onClick={() => setBellOpen(true)}
              >
                <Badge badgeContent={unread} color="secondary" max={99}>
                  <NotificationsOutlined />
                </Badge>
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title="More">
            <IconButton
              color="inherit"
              edge="end"
              aria-label="Account menu"
              aria-haspopup="menu"
              aria-controls={anchor ? 'account-menu' : undefined}
              aria-expanded={!!anchor}
              onClick={(e) => setAnchor(e.currentTarget)}
            >
              <MoreVert />
            </IconButton>
          </Tooltip>
          <Menu
            id="account-menu"
            anchorEl={anchor}
            open={!!anchor}
            onClose={() => setAnchor(null)}
            // Leave the shell only once the menu has closed, so its modal never outlives the page.
            slotProps={{ transition: { onExited: runPending } }}
          >
            {userLabel ? (
              <Typography component="p" variant="body2" color="text.secondary" sx={{ px: 2, py: 1, display: { sm: 'none' } }}>
                {userLabel}
              </Typography>
            ) : null}
            {overflowActions.map((a) => {
              const Icon = a.icon;
              return (
                <MenuItem
                  key={a.key}
                  onClick={() => {
                    pending.current = () => void navigate(a.to);
                    setAnchor(null);
                  }}
                >
                  {Icon ? (
                    <ListItemIcon>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                  ) : null}
                  {a.label}
                </MenuItem>
              );
            })}
            {overflowActions.length ? <Divider /> : null}
            <MenuItem
              onClick={() => {
                pending.current = () => void logout();
                setAnchor(null);
              }}
            >
              <ListItemIcon>
                <Logout fontSize="small" />
              </ListItemIcon>
              Logout
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      {hasMenu ? <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} entries={menu} title={title} /> : null}
      {showBell ? <NotificationsPanel open={bellOpen} onClose={() => setBellOpen(false)} /> : null}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 }, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}

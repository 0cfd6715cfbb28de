import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  AppBar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Close from '@mui/icons-material/Close';
import MoreVert from '@mui/icons-material/MoreVert';
import Logout from '@mui/icons-material/Logout';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { SkipLink } from '../../ui/skip-link';
import { useBrandingOrDefault } from '../../app/branding';
import { useLogout } from '../../features/auth';
import { useListNotifications } from '../../features/notifications';
import { DOCK_QUERY, isMenuHidden, setMenuHidden } from '../../app/menu-dock';
import { NotificationsPanel } from './notifications-panel';
import { DockedMenu, SideMenu } from './side-menu';
import type { TMenuEntry } from './menu';
import type SvgIcon from '@mui/material/SvgIcon';

export interface TOverflowAction {
  key: string;
  label: string;
  to: string;
  icon?: typeof SvgIcon;
}

/** One area of a shell the user may switch to (the admin shell's student and scholar areas). */
export interface TAreaChoice {
  key: string;
  /** Its short name in the bar ("Students"). */
  label: string;
  /** What switching says where the bar has room for an icon only ("Switch to Student Admin"). */
  switchLabel: string;
  to: string;
  icon: typeof SvgIcon;
}

/**
 * The areas side by side in the bar, the current one marked: one visible click to the other. Where the
 * bar is narrow, the other area's icon alone (its name in the tooltip and for screen readers).
 */
function AreaSwitch({ areas, current }: { areas: TAreaChoice[]; current: string }) {
  const others = areas.filter((a) => a.key !== current);
  return (
    <>
      <Box component="nav" aria-label="Area" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexShrink: 0 }}>
        {areas.map((a) => {
          const here = a.key === current;
          const Icon = a.icon;
          return (
            <Button
              key={a.key}
              component={RouterLink}
              to={a.to}
              size="small"
              variant={here ? 'contained' : 'outlined'}
              aria-current={here ? 'page' : undefined}
              startIcon={<Icon fontSize="small" />}
              sx={
                here
                  ? { bgcolor: 'primary.contrastText', color: 'primary.main', '&:hover': { bgcolor: 'primary.contrastText' } }
                  : { color: 'inherit', borderColor: 'currentColor', '&:hover': { borderColor: 'currentColor' } }
              }
            >
              {a.label}
            </Button>
          );
        })}
      </Box>
      {others.map((a) => {
        const Icon = a.icon;
        return (
          <Tooltip key={a.key} title={a.switchLabel}>
            <IconButton
              color="inherit"
              component={RouterLink}
              to={a.to}
              aria-label={a.switchLabel}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <Icon />
            </IconButton>
          </Tooltip>
        );
      })}
    </>
  );
}

export interface ShellFrameProps {
  title: string;
  userLabel?: string | undefined;
  /** Side menu entries; without them there is no menu toggle. */
  menu?: TMenuEntry[];
  showBell?: boolean;
  overflowActions?: TOverflowAction[];
  /** The areas of the shell, shown side by side in the bar when there is more than one. */
  areas?: { choices: TAreaChoice[]; current: string } | undefined;
  children: ReactNode;
}

/**
 * True from the first time `open` is: a panel or menu is not drawn before it is first opened (a page's
 * first paint does not wait for it), then it stays mounted, for its closing animation and the next opening.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The frame of every signed-in shell: skip link, app bar with menu toggle, title, area switch,
 * profile name, bell and overflow menu, the left menu (docked beside the page on wide screens unless
 * hidden, a drawer over it below), and main#main-content.
 */
export function ShellFrame({ title, userLabel, menu, showBell, overflowActions = [], areas, children }: ShellFrameProps) {
  const branding = useBrandingOrDefault();
  const navigate = useNavigate();
  const logout = useLogout();
  const wide = useMediaQuery(DOCK_QUERY, { noSsr: true });
  const [hidden, setHidden] = useState(isMenuHidden);
  const [menuOpen, setMenuOpen] = useState(false);
  const [bellOpen, setBellOpen] = useState(false);
  // Polled every 300000 ms while the shell shows a bell; the panel shares the same query.
  const notifications = useListNotifications(!!showBell);
  const unread = notifications.data?.pages[0]?.totalUnread ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hasMenu = !!menu && menu.length > 0;
  const docked = hasMenu && wide && !hidden;
  // The drawer belongs to narrow screens: one left open is closed by widening the window.
  if (wide && menuOpen) setMenuOpen(false);
  const drawerOpen = menuOpen && !wide;
  const menuMounted = useOpenedOnce(drawerOpen);
  const bellMounted = useOpenedOnce(bellOpen);
  const accountMounted = useOpenedOnce(!!anchor);
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
          {hasMenu && wide ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={hidden ? 'Show menu' : 'Hide menu'}
              aria-expanded={!hidden}
              aria-controls={docked ? 'side-menu' : undefined}
              onClick={() => {
                setMenuHidden(!hidden);
                setHidden(!hidden);
              }}
            >
              {hidden ? <MenuIcon /> : <MenuOpen />}
            </IconButton>
          ) : hasMenu ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={drawerOpen}
              aria-controls={menuMounted ? 'side-menu' : undefined}
              onClick={() => setMenuOpen((o) => !o)}
            >
              {drawerOpen ? <Close /> : <MenuIcon />}
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
          {areas && areas.choices.length > 1 ? <AreaSwitch areas={areas.choices} current={areas.current} /> : null}
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
          {accountMounted ? (
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
          ) : null}
        </Toolbar>
      </AppBar>
      {hasMenu && menuMounted && !wide ? (
        <SideMenu open={drawerOpen} onClose={() => setMenuOpen(false)} entries={menu} title={title} />
      ) : null}
      {showBell && bellMounted ? <NotificationsPanel open={bellOpen} onClose={() => setBellOpen(false)} /> : null}
      <Box sx={{ flex: 1, display: 'flex' }}>
        {docked && menu ? <DockedMenu entries={menu} title={title} /> : null}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 }, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}

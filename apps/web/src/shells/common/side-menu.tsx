import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Box,
  Collapse,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { MENU_WIDTH } from '../../app/menu-dock';
import type { TMenuEntry } from './menu';

function isActive(entry: TMenuEntry, pathname: string): boolean {
  if (entry.path && (pathname === entry.path || pathname.startsWith(`${entry.path}/`))) return true;
  return !!entry.children?.some((c) => isActive(c, pathname));
}

function Entry({ entry, depth, onChoose }: { entry: TMenuEntry; depth: number; onChoose: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(entry, pathname);
  const [open, setOpen] = useState(active || depth === 0);
  const Icon = entry.icon;
  const pad = 2 + depth * 2;
  const icon = Icon ? (
    <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : 'text.secondary' }}>
      <Icon fontSize="small" />
    </ListItemIcon>
  ) : null;

  if (entry.children?.length) {
    const id = `menu-group-${entry.key}`;
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} sx={{ pl: pad }}>
          {icon}
          <ListItemText primary={entry.label} slotProps={{ primary: { fontWeight: 600 } }} />
          {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
        <Collapse in={open} timeout={170} unmountOnExit>
          <List id={id} disablePadding>
            {entry.children.map((c) => (
              <Entry key={c.key} entry={c} depth={depth + 1} onChoose={onChoose} />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  const selectedSx = {
    pl: pad,
    borderLeft: '4px solid transparent',
    '&.Mui-selected': { borderLeftColor: 'secondary.main', bgcolor: 'action.selected' },
  };
  if (entry.href) {
    return (
      <ListItem disablePadding>
        <ListItemButton component="a" href={entry.href} target="_blank" rel="noopener noreferrer" onClick={onChoose} sx={selectedSx}>
          {icon}
          <ListItemText primary={entry.label} />
          <OpenInNew fontSize="small" aria-label="opens in a new tab" />
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={entry.path ?? '/'}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onChoose}
        sx={selectedSx}
      >
        {icon}
        <ListItemText primary={entry.label} />
      </ListItemButton>
    </ListItem>
  );
}

/** The left menu on narrower screens: a temporary drawer, 280 px, closing on Escape, backdrop click or a choice. */
export function SideMenu({
  open,
  onClose,
  entries,
  title,
  id = 'side-menu',
}: {
  open: boolean;
  onClose: () => void;
  entries: TMenuEntry[];
  title: string;
  id?: string;
}) {
  return (
    <Drawer
      id={id}
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { width: MENU_WIDTH }, 'aria-label': `${title} menu` } }}
    >
      {/* Covers the bar's left end: the toggle appears to turn into this close button. */}
      <Toolbar
        sx={{
          boxSizing: 'content-box',
          gap: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderBottom: 4,
          borderColor: 'secondary.main',
        }}
      >
        <IconButton color="inherit" edge="start" aria-label="Close menu" aria-expanded aria-controls={id} onClick={onClose}>
          <Close />
        </IconButton>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          Menu
        </Typography>
      </Toolbar>
      <Box component="nav" aria-label={`${title} menu`}>
        <List>
          {entries.map((e) => (
            <Entry key={e.key} entry={e} depth={0} onChoose={onClose} />
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

const noop = () => {};

/**
 * The same menu docked beside the page on wide screens: always there, one click to any page. It stays in
 * view while the page scrolls (below the sticky bar, whose height is 64 px and its 4 px border there).
 */
export function DockedMenu({ entries, title, id = 'side-menu' }: { entries: TMenuEntry[]; title: string; id?: string }) {
  return (
    <Box
      component="nav"
      id={id}
      aria-label={`${title} menu`}
      sx={{
        width: MENU_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: 68,
        alignSelf: 'flex-start',
        height: 'calc(100vh - 68px)',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <List>
        {entries.map((e) => (
          <Entry key={e.key} entry={e} depth={0} onChoose={noop} />
        ))}
      </List>
    </Box>
  );
}

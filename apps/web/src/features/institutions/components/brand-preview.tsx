import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import {
  brandColorProblem,
  brandTextPairing,
  formatContrast,
  MIN_TEXT_CONTRAST,
  parseHexColor,
  WHITE_TEXT,
  type TBrandColorField,
} from '@meridian/domain';
import { DEFAULT_BRANDING } from '../../../app/branding';
import { PAGE_BACKGROUND, TEXT_COLOR } from '../../../app/brand-colors';

export interface TBrandPreviewProps {
  primaryColor: string;
  secondaryColor: string;
  accountName: string;
  /** The logo as it would show: a chosen file (object URL), the uploaded logo or the logo address; '' for none. */
  logoSrc: string;
  loginWelcomeText: string;
}

const isColour = (v: string) => /^#[0-9a-f]{6}$/i.test(v.trim()) && !!parseHexColor(v);

/** One line of the contrast summary: the pair, its ratio, and whether it reads. */
function ContrastLine({ field, color, role }: { field: TBrandColorField; color: string; role: string }) {
  if (!isColour(color)) {
    return (
      <ListItem disableGutters>
        <ListItemIcon sx={{ minWidth: 32 }}>
          <ErrorOutline color="error" fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={`${role}: enter a colour as #RRGGBB to see its contrast.`} />
      </ListItem>
    );
  }
  const pair = brandTextPairing(field, color);
  const problem = brandColorProblem(field, color);
  const shown = color.trim().toUpperCase();
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 32 }}>
        {problem ? <ErrorOutline color="error" fontSize="small" /> : <CheckCircleOutline color="success" fontSize="small" />}
      </ListItemIcon>
      <ListItemText
        primary={
          problem
            ? `${role}: ${problem}`
            : `${role}: ${pair.name.toLowerCase()} on ${shown} has a contrast of ${formatContrast(pair.ratio)} (at least ${MIN_TEXT_CONTRAST}:1 is needed).`
        }
        slotProps={{ primary: { color: problem ? 'error' : 'text.primary' } }}
      />
    </ListItem>
  );
}

/**
 * How the portal will look with the colours, name, logo and welcome text on the form, before they are
 * saved (docs/product/institutions.md#preview): the app bar with the notification count, buttons and a
 * link, and the login page. The picture is inert (nothing in it can be pressed or reached: it draws the
 * look, refused colours included, so their text is as hard to read as it would be); the list under it
 * says in words whether each colour's text reads.
 */
export function BrandPreview(p: TBrandPreviewProps) {
  const primary = isColour(p.primaryColor) ? p.primaryColor : DEFAULT_BRANDING.primaryColor;
  const secondary = isColour(p.secondaryColor) ? p.secondaryColor : DEFAULT_BRANDING.secondaryColor;
  const onSecondary = brandTextPairing('secondaryColor', secondary).text;
  const name = p.accountName.trim() || 'Your institution';
  const logo = p.logoSrc ? (
    <Box
      component="img"
      src={p.logoSrc}
      alt=""
      sx={{ height: 28, maxWidth: 110, objectFit: 'contain', bgcolor: '#fff', borderRadius: 0.5, p: 0.25 }}
    />
  ) : null;
  const button = (label: string) => (
    <Box
      component="span"
      sx={{ display: 'inline-block', px: 2, py: 0.75, borderRadius: 1, bgcolor: primary, color: WHITE_TEXT, fontWeight: 600 }}
    >
      {label}
    </Box>
  );
  return (
    <Box>
      <Box
        // A picture of the look, not a part of the page: inert keeps it out of the keyboard's and screen readers' way.
        inert
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, userSelect: 'none' }}
      >
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: PAGE_BACKGROUND }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 2,
              height: 56,
              bgcolor: primary,
              color: WHITE_TEXT,
              borderBottom: 4,
              borderColor: secondary,
            }}
          >
            <MenuIcon fontSize="small" />
            {logo}
            <Typography component="span" sx={{ flex: 1, fontWeight: 600 }} noWrap>
              {name}
            </Typography>
            <Box sx={{ position: 'relative', display: 'flex' }}>
              <NotificationsOutlined fontSize="small" />
              <Box
                component="span"
                sx={{
                  position: 'absolute',
                  top: -8,
                  right: -10,
                  minWidth: 18,
                  height: 18,
                  px: 0.5,
                  borderRadius: 9,
                  bgcolor: secondary,
                  color: onSecondary,
                  fontSize: 12,
                  fontWeight: 600,
                  lineHeight: '18px',
                  textAlign: 'center',
                }}
              >
                3
              </Box>
            </Box>
          </Box>
          <Box sx={{ p: 2, display: 'grid', gap: 1.5, color: TEXT_COLOR }}>
            <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
              Scholar Dashboard
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {button('Save')}
              <Box
                component="span"
                sx={{ px: 2, py: 0.75, borderRadius: 1, border: 1, borderColor: primary, color: primary, fontWeight: 600, bgcolor: '#fff' }}
              >
                Cancel
              </Box>
              <Box component="span" sx={{ color: primary, textDecoration: 'underline' }}>
                Open request #1024
              </Box>
            </Box>
          </Box>
        </Box>
        <Box
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: PAGE_BACKGROUND,
            backgroundImage: `linear-gradient(${primary} 0, ${primary} 70px, transparent 70px)`,
            p: 2,
          }}
        >
          <Box
            sx={{
              bgcolor: '#fff',
              borderRadius: 1,
              borderTop: 4,
              borderColor: secondary,
              p: 2,
              textAlign: 'center',
              display: 'grid',
              gap: 1,
              justifyItems: 'center',
              boxShadow: 1,
            }}
          >
            {p.logoSrc ? (
              <Box component="img" src={p.logoSrc} alt="" sx={{ maxHeight: 48, maxWidth: '100%', objectFit: 'contain' }} />
            ) : (
              <Typography component="span" sx={{ fontWeight: 700, color: primary }}>
                {name}
              </Typography>
            )}
            <Typography component="span" sx={{ fontWeight: 600, letterSpacing: 2, color: TEXT_COLOR }}>
              SCHOLAR
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: TEXT_COLOR }}>
              {p.loginWelcomeText.trim() || DEFAULT_BRANDING.loginWelcomeText}
            </Typography>
            {button('LOGIN')}
          </Box>
        </Box>
      </Box>
      <List dense aria-label="Contrast of the text on each colour">
        <ContrastLine field="primaryColor" color={p.primaryColor} role="Primary colour (app bar, buttons, login button)" />
        <ContrastLine field="secondaryColor" color={p.secondaryColor} role="Secondary colour (accents, notification count)" />
      </List>
    </Box>
  );
}

import { alpha, createTheme, darken, getContrastRatio, type Theme } from '@mui/material/styles';
import type { TBranding } from '@meridian/domain';
import { brandColors, PAGE_BACKGROUND, TEXT_COLOR } from './brand-colors';

/** The colour darkened until text in it reaches 4.5:1 on the page background (#f5f6f8) as well as on white. */
function readableOn(color: string): string {
  let c = color;
  for (let i = 0; i < 10 && getContrastRatio(c, PAGE_BACKGROUND) < 4.5; i += 1) c = darken(c, 0.1);
  return c;
}

/**
 * The MUI theme, built at run time from the institution's colours (a settings change re-themes
 * without a rebuild). Text colours are picked for WCAG AA contrast (threshold 4.5).
 */
export function buildTheme(branding: Pick<TBranding, 'primaryColor' | 'secondaryColor'> | undefined): Theme {
  const { primary, secondary, focus, link: linkColor } = brandColors(branding);

  return createTheme({
    palette: {
      contrastThreshold: 4.5,
      primary: { main: primary },
      secondary: { main: secondary },
      background: { default: PAGE_BACKGROUND, paper: '#ffffff' },
      text: { primary: TEXT_COLOR, secondary: '#4b5563' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Source Sans 3", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.35rem', fontWeight: 600 },
      h3: { fontSize: '1.1rem', fontWeight: 600 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          '*:focus-visible': { outline: `3px solid ${focus}`, outlineOffset: 2 },
          // MUI buttons remove the outline and rely on a faint ripple; give them a ring that shows
          // on white and on the coloured app bar alike (white inner ring, brand outer ring).
          '.MuiButtonBase-root.Mui-focusVisible': {
            outline: `3px solid ${focus}`,
            outlineOffset: 2,
            boxShadow: '0 0 0 2px #ffffff',
          },
          // Cards clip overflow, so their action area draws the ring inside.
          '.MuiCardActionArea-root.Mui-focusVisible': { outlineOffset: -4, boxShadow: 'none' },
          a: { color: linkColor },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'always' }, styleOverrides: { root: { color: linkColor } } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: alpha(TEXT_COLOR, 0.12) } } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // Outlined status chips draw their label in the palette colour: MUI's warning and info are too pale for small text.
      MuiChip: {
        styleOverrides: {
          root: ({ theme, ownerState }) => {
            const key = ownerState.color;
            if (ownerState.variant !== 'outlined' || !key || key === 'default') return {};
            const main = theme.palette[key].main;
            return { color: readableOn(main), borderColor: main };
          },
        },
      },
    },
  });
}

import { alpha, createTheme, darken, getContrastRatio, type Theme } from '@mui/material/styles';
import { brandTextPairing, type TBranding } from '@meridian/domain';
import { ScrollRegion } from '../ui/scroll-region';
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
      // The text on the secondary colour (the notification count) is the one its contrast rule pairs with it.
      secondary: { main: secondary, contrastText: brandTextPairing('secondaryColor', secondary).text },
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
          // The scrollbar's room is kept while a page is still short, so the page does not move sideways
          // when its rows arrive and it grows past the window.
          html: { scrollbarGutter: 'stable' },
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
      // MUI draws placeholders at 42% opacity (2.5:1 on white); hints must be read, so they take the
      // secondary text colour at full strength (7.5:1 on white).
      // A step's number is white on a grey circle: MUI's grey (#9e9e9e) gives it 2.7:1, the secondary text colour 7.5:1.
      MuiStepIcon: {
        styleOverrides: {
          root: ({ theme }) => ({
            color: theme.palette.text.secondary,
            '&.Mui-active, &.Mui-completed': { color: theme.palette.primary.main },
          }),
        },
      },
      // MUI lets an alert's text scroll inside it (overflow: auto), a scrolling box a keyboard cannot reach;
      // long words wrap instead.
      MuiAlert: { styleOverrides: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
      // A disabled field's hint often says why it is disabled ("Choose the campus site first"): it stays readable.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
      MuiInputBase: {
        styleOverrides: {
          input: ({ theme }) => ({ '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 } }),
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: alpha(TEXT_COLOR, 0.12) } } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // A table wider than its box scrolls sideways (on a phone, most do): the box then takes keyboard focus.
      MuiTableContainer: { defaultProps: { component: ScrollRegion } },
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

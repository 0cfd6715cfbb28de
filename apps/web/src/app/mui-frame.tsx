import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { CustomContentProps } from 'notistack';
import { ToastBody } from '../ui/toast-content';
import { SnackBody } from '../ui/snack-content';
import { FirstPageLoader } from './shell-preview';
import { buildTheme } from './theme';
import { useBranding } from './branding';

/*
 * Everything drawn with MUI starts here, loaded after the first page: the login page is drawn
 * without MUI (docs/decisions/023-web-chunks-caching-and-compression.md).
 */

/** The theme follows the branding query, so saving Site Settings re-themes at once. */
/** `baseline`: the page's frame (CssBaseline, and a loader while the colours arrive); without it, a piece drawn over any page. */
export function BrandedTheme({ children, baseline = false }: { children: ReactNode; baseline?: boolean }) {
  const { data, isPending } = useBranding();
  // Colours that arrive after the page's code: the page is drawn in a background render, in slices.
  const waiting = useDeferredValue(isPending);
  const primary = data?.primaryColor;
  const secondary = data?.secondaryColor;
  const theme = useMemo(
    () => buildTheme(primary && secondary ? { primaryColor: primary, secondaryColor: secondary } : undefined),
    [primary, secondary],
  );
  return (
    <ThemeProvider theme={theme}>
      {baseline ? <CssBaseline /> : null}
      {/* A brief wait for the colours avoids a flash of the default look. */}
      {waiting && baseline ? <FirstPageLoader /> : children}
    </ThemeProvider>
  );
}

/** The layout route around every page drawn with MUI (shells, office pages, the login area's other pages). */
export function MuiFrame() {
  return (
    <BrandedTheme baseline>
      <Outlet />
    </BrandedTheme>
  );
}

/** Snackbars and toasts in the theme (the provider at the root boxes them: app/providers.tsx). */
export function ThemedSnackBody(props: CustomContentProps) {
  return (
    <BrandedTheme>
      <SnackBody {...props} />
    </BrandedTheme>
  );
}
export function ThemedToastBody(props: CustomContentProps) {
  return (
    <BrandedTheme>
      <ToastBody {...props} />
    </BrandedTheme>
  );
}

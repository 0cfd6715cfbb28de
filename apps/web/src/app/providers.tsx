import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { SESSION } from '@meridian/domain';
import { queryClient } from './query-client';
import { buildTheme } from './theme';
import { useBranding } from './branding';
import { ToastContent } from '../ui/toast-content';
import { SnackContent } from '../ui/snack-content';
import { PageLoader } from '../ui/page-loader';

/** The theme follows the branding query, so saving Site Settings re-themes at once. */
function BrandedTheme({ children }: { children: ReactNode }) {
  const { data, isPending } = useBranding();
  const primary = data?.primaryColor;
  const secondary = data?.secondaryColor;
  const theme = useMemo(
    () => buildTheme(primary && secondary ? { primaryColor: primary, secondaryColor: secondary } : undefined),
    [primary, secondary],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* A brief wait for the colours avoids a flash of the default look. */}
      {isPending ? <PageLoader minHeight="100vh" /> : children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedTheme>
        <SnackbarProvider
          maxSnack={4}
          preventDuplicate
          autoHideDuration={SESSION.toastMs}
          Components={{
            toast: ToastContent,
            default: SnackContent,
            success: SnackContent,
            error: SnackContent,
            warning: SnackContent,
            info: SnackContent,
          }}
        >
          {children}
        </SnackbarProvider>
      </BrandedTheme>
    </QueryClientProvider>
  );
}

import { forwardRef, lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import { SESSION } from '@meridian/domain';
import { queryClient } from './query-client';

// Snackbars and toasts are drawn with MUI, which the login page does not load: the provider is here
// for every page, the themed bodies come with the rest of MUI on first use.
const SnackBody = lazy(async () => ({ default: (await import('./mui-frame')).ThemedSnackBody }));
const ToastBody = lazy(async () => ({ default: (await import('./mui-frame')).ThemedToastBody }));

/** notistack animates the element it holds a ref to: its own content box, there at once, the body inside when loaded. */
const SnackSlot = forwardRef<HTMLDivElement, CustomContentProps>(function SnackSlot(props, ref) {
  return (
    <SnackbarContent ref={ref}>
      <Suspense fallback={null}>
        <SnackBody {...props} />
      </Suspense>
    </SnackbarContent>
  );
});
const ToastSlot = forwardRef<HTMLDivElement, CustomContentProps>(function ToastSlot(props, ref) {
  return (
    <SnackbarContent ref={ref}>
      <Suspense fallback={null}>
        <ToastBody {...props} />
      </Suspense>
    </SnackbarContent>
  );
});

/** The MUI theme is not here: app/mui-frame.tsx brings it with the pages drawn with MUI. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider
        maxSnack={4}
        preventDuplicate
        autoHideDuration={SESSION.toastMs}
        Components={{
          toast: ToastSlot,
          default: SnackSlot,
          success: SnackSlot,
          error: SnackSlot,
          warning: SnackSlot,
          info: SnackSlot,
        }}
      >
        {children}
      </SnackbarProvider>
    </QueryClientProvider>
  );
}

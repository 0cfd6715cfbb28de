import { lazy, Suspense } from 'react';
import { enqueueSnackbar, type SnackbarKey } from 'notistack';
import { SESSION } from '@meridian/domain';

// Drawn with MUI inside the snackbar's body, which loads MUI on first use (app/providers.tsx).
const DismissButton = lazy(async () => ({ default: (await import('./snack-content')).DismissButton }));

type Severity = 'default' | 'success' | 'error' | 'warning' | 'info';

function dismissAction(key: SnackbarKey) {
  return (
    <Suspense fallback={null}>
      <DismissButton snackKey={key} />
    </Suspense>
  );
}

/** Toast: 5000 ms with a progress bar; duplicates are suppressed by the provider. */
export function toast(message: string, severity: Severity = 'error'): void {
  enqueueSnackbar(message, {
    variant: 'toast',
    severity,
    autoHideDuration: SESSION.toastMs,
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
  });
}

/** Snackbar: 3 s with a 'Dismiss' action. */
export function snack(message: string, severity: Severity = 'default', durationMs: number = SESSION.snackbarMs): void {
  enqueueSnackbar(message, {
    variant: severity,
    autoHideDuration: durationMs,
    action: dismissAction,
    anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
  });
}

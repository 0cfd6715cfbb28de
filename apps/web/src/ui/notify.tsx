import { Button } from '@mui/material';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { SESSION } from '@meridian/domain';

type Severity = 'default' | 'success' | 'error' | 'warning' | 'info';

function dismissAction(key: SnackbarKey) {
  return (
    <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
      Dismiss
    </Button>
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

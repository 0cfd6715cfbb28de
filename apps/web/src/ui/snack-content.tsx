import { Alert, Box, Button } from '@mui/material';
import { closeSnackbar, type CustomContentProps, type SnackbarKey } from 'notistack';

/** A snackbar's 'Dismiss' action (ui/notify.tsx). */
export function DismissButton({ snackKey }: { snackKey: SnackbarKey }) {
  return (
    <Button color="inherit" size="small" onClick={() => closeSnackbar(snackKey)}>
      Dismiss
    </Button>
  );
}

/**
 * Snackbars drawn with the theme's Alert (its text colours meet contrast 4.5:1, unlike
 * notistack's defaults). Errors and warnings are alerts; the rest are polite status messages.
 * The body only: app/providers.tsx puts it in notistack's content box.
 */
export function SnackBody(props: CustomContentProps) {
  const { id, message, action, variant } = props;
  const actionNode = typeof action === 'function' ? action(id) : action;
  const urgent = variant === 'error' || variant === 'warning';
  if (variant === 'default' || variant === 'toast') {
    return (
      <Box
        role="status"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          minWidth: 288,
          bgcolor: 'grey.900',
          color: 'common.white',
          borderRadius: 1,
          boxShadow: 3,
        }}
      >
        <Box sx={{ flex: 1 }}>{message}</Box>
        {actionNode}
      </Box>
    );
  }
  return (
    <Alert
      severity={variant}
      variant="filled"
      role={urgent ? 'alert' : 'status'}
      action={actionNode}
      sx={{ minWidth: 288, boxShadow: 3, alignItems: 'center' }}
    >
      {message}
    </Alert>
  );
}

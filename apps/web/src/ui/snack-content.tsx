import { forwardRef } from 'react';
import { Alert, Box } from '@mui/material';
import { SnackbarContent, type CustomContentProps } from 'notistack';

/**
 * Snackbars drawn with the theme's Alert (its text colours meet contrast 4.5:1, unlike
 * notistack's defaults). Errors and warnings are alerts; the rest are polite status messages.
 */
export const SnackContent = forwardRef<HTMLDivElement, CustomContentProps>(function SnackContent(props, ref) {
  const { id, message, action, variant } = props;
  const actionNode = typeof action === 'function' ? action(id) : action;
  const urgent = variant === 'error' || variant === 'warning';
  if (variant === 'default' || variant === 'toast') {
    return (
      <SnackbarContent ref={ref}>
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
      </SnackbarContent>
    );
  }
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={variant}
        variant="filled"
        role={urgent ? 'alert' : 'status'}
        action={actionNode}
        sx={{ minWidth: 288, boxShadow: 3, alignItems: 'center' }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

import { Alert, Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { closeSnackbar, type CustomContentProps } from 'notistack';

declare module 'notistack' {
  interface VariantOverrides {
    toast: { severity?: 'default' | 'success' | 'error' | 'warning' | 'info' };
  }
}

const drain = keyframes`from { transform: scaleX(1); } to { transform: scaleX(0); }`;

type ToastProps = CustomContentProps & { severity?: 'default' | 'success' | 'error' | 'warning' | 'info' };

/** A toast: an alert with a bar that drains over the toast's lifetime (the body: app/providers.tsx boxes it). */
export function ToastBody(props: ToastProps) {
  const { id, message, autoHideDuration, severity = 'error' } = props;
  const alertSeverity = severity === 'default' ? 'info' : severity;
  return (
    <Box
      sx={{
        minWidth: 300,
        maxWidth: 420,
        boxShadow: 3,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: `${alertSeverity}.main`,
        // notistack pauses the timer while hovered; pause the bar with it.
        '&:hover .toast-bar': { animationPlayState: 'paused' },
      }}
    >
      <Alert severity={alertSeverity} variant="filled" onClose={() => closeSnackbar(id)} sx={{ borderRadius: 0 }}>
        {message}
      </Alert>
      <Box
        className="toast-bar"
        aria-hidden
        sx={{
          height: 4,
          bgcolor: `${alertSeverity}.dark`,
          transformOrigin: 'left',
          animation: `${drain} ${autoHideDuration ?? 5000}ms linear forwards`,
        }}
      />
    </Box>
  );
}

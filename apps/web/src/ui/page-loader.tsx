import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with a text that screen readers announce. */
export function PageLoader({ label = 'Loading...', minHeight = '40vh' }: { label?: string; minHeight?: string | number }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

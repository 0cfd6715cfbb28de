import { Box, Typography } from '@mui/material';

/** Label and value pairs, one pair a line on wide screens (read-only facts of a record). */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
            {v || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { useDocumentTitle } from '../app/use-document-title';

/** A plain page that states one thing (no access, not found, unavailable). */
export function MessagePage({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6, px: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <Typography variant="h1" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography role="alert">{message}</Typography>
        {children ? <Box sx={{ mt: 3 }}>{children}</Box> : null}
      </Paper>
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Box } from '@mui/material';
import { SkipLink } from '../../ui/skip-link';

/** Pages outside any shell (root redirect, not found, approval entry): skip link and main. */
export function PlainLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}

import { Box } from '@mui/material';

/**
 * First focusable element of every page; visible on focus. Hash routing owns the address's
 * fragment, so the link moves focus itself instead of changing the hash.
 */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      onClick={(e: React.MouseEvent<HTMLAnchorElement>) => {
        e.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView({ block: 'start' });
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus, &:focus-visible': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}

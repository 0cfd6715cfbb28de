import { Outlet } from 'react-router';
import { Box, Paper, Typography } from '@mui/material';
import { SkipLink } from '../../ui/skip-link';
import { useBrandingOrDefault } from '../../app/branding';

/** The login area frame: the institution's logo on a card over a band of its primary colour. */
export function LoginLayout({ wide = false }: { wide?: boolean }) {
  const branding = useBrandingOrDefault();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: (t) => `linear-gradient(${t.palette.primary.main} 0, ${t.palette.primary.main} 280px, transparent 280px)`,
      }}
    >
      <SkipLink />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          px: 2,
          pt: { xs: 4, sm: 8 },
          pb: 4,
          outline: 'none',
        }}
      >
        <Paper
          elevation={3}
          sx={{ width: '100%', maxWidth: wide ? 760 : 440, p: { xs: 3, sm: 4 }, borderTop: 4, borderColor: 'secondary.main' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2, minHeight: 48 }}>
            {branding.logoImageURL ? (
              <Box
                component="img"
                src={branding.logoImageURL}
                alt={branding.accountName ? `${branding.accountName} logo` : 'Institution logo'}
                sx={{ maxHeight: 72, maxWidth: '100%', objectFit: 'contain' }}
              />
            ) : branding.accountName ? (
              <Typography component="p" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', textAlign: 'center' }}>
                {branding.accountName}
              </Typography>
            ) : null}
          </Box>
          <Outlet />
        </Paper>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, color: 'text.secondary', fontSize: 14 }}>
        {branding.accountName
          ? `${branding.accountName} · International Student and Scholar Services`
          : 'International Student and Scholar Services'}
      </Box>
    </Box>
  );
}

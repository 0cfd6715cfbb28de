import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../../ui/skip-link';
import { useBrandingOrDefault } from '../../app/branding';
import { brandColors } from '../../app/brand-colors';
import './login.css';

/**
 * The login area frame: the institution's logo on a card over a band of its primary colour. Drawn
 * without MUI, so the login page downloads no component library (docs/decisions/023-web-chunks-caching-and-compression.md);
 * the other pages of the area (password reset, links, the setup wizard) bring MUI inside the card.
 */
export function LoginLayout({ wide = false }: { wide?: boolean }) {
  const branding = useBrandingOrDefault();
  const colors = brandColors(branding);
  const vars = {
    '--brand-primary': colors.primary,
    '--brand-primary-dark': colors.primaryDark,
    '--brand-on-primary': colors.onPrimary,
    '--brand-secondary': colors.secondary,
    '--brand-focus': colors.focus,
    '--brand-link': colors.link,
  } as CSSProperties;
  return (
    <div className="login-root" style={vars}>
      <SkipLink />
      <main className="login-main" id="main-content" tabIndex={-1}>
        <div className={wide ? 'login-card login-card-wide' : 'login-card'}>
          {/* The institution's own heading above every sign-in page: its logo and its name (branding). */}
          <header className="login-brand">
            {branding.logoImageURL ? <img src={branding.logoImageURL} alt={branding.accountName ? '' : 'Institution logo'} /> : null}
            {branding.accountName ? <p className="login-institution">{branding.accountName}</p> : null}
          </header>
          <Outlet />
        </div>
      </main>
      <footer className="login-footer">
        {branding.accountName
          ? `${branding.accountName} · International Student and Scholar Services`
          : 'International Student and Scholar Services'}
      </footer>
    </div>
  );
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { AppLoader } from '../ui/app-loader';
import { brandingQuery } from './branding';
import { brandColors } from './brand-colors';
import { markFirstPaint } from './first-paint';
import { isMenuHidden } from './menu-dock';
import { useSession } from './session/session-store';
import { SHELL_PREVIEWS, type TShellPreview } from './shell-previews';
import './shell-preview.css';

const ICONS = {
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  bell: 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.9 2 2 2m6-6v-5c0-3.07-1.63-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.64 5.36 6 7.92 6 11v5l-2 2v1h16v-1zm-2 1H8v-6c0-2.48 1.51-4.5 4-4.5s4 2.02 4 4.5z',
  more: 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2',
};

/** An icon button's place in the bar, not a button: nothing in the preview can be used yet. */
function Icon({ d, edge }: { d: string; edge?: 'start' | 'end' }) {
  return (
    <span className={`shell-preview-icon${edge ? ` shell-preview-icon-${edge}` : ''}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={d} />
      </svg>
    </span>
  );
}

/**
 * A staff shell's home page as it will look, drawn in plain HTML and CSS while its code (MUI, the
 * shell, the page) arrives: the app bar in the institution's colours, on a wide screen the room of the
 * docked menu and, where the page's header is fixed text, that header in its place and size. The shell then draws the same over it, so nothing
 * moves and the first screen is the page itself rather than a spinner. The colours wait for the
 * branding (asked for before React starts); until then the bar is the page's background.
 */
export function ShellPreview({ preview }: { preview: TShellPreview }) {
  const branding = useQuery(brandingQuery);
  const colors = branding.data ? brandColors(branding.data) : null;
  return (
    <div className="shell-preview">
      <header
        className="shell-preview-bar"
        style={colors ? { backgroundColor: colors.primary, color: colors.onPrimary, borderBottomColor: colors.secondary } : undefined}
      >
        <Icon d={ICONS.menu} edge="start" />
        <p className="shell-preview-bar-title">{preview.bar}</p>
        <Icon d={ICONS.bell} />
        <Icon d={ICONS.more} edge="end" />
      </header>
      <div className="shell-preview-body">
        {/* Where the menu will be docked on a wide screen (app/menu-dock.ts): the page lands beside it. */}
        {isMenuHidden() ? null : <div className="shell-preview-dock" />}
        <main className="shell-preview-main" aria-busy="true">
          <span className="shell-preview-status" role="status">
            Loading...
          </span>
          {preview.title ? (
            <div className="shell-preview-header">
              <div>
                <h1>{preview.title}</h1>
                {preview.subtitle ? <p>{preview.subtitle}</p> : null}
              </div>
            </div>
          ) : null}
        </main>
      </div>
    </div>
  );
}

/** What the first page shows while its code arrives: a staff shell's home previewed, else the loader. */
export function FirstPageLoader() {
  const session = useSession();
  useEffect(markFirstPaint, []);
  const { pathname } = useLocation();
  const home = session ? Object.values(SHELL_PREVIEWS).find((h) => h.path === pathname) : undefined;
  return home ? <ShellPreview preview={home} /> : <AppLoader />;
}

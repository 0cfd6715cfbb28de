/**
 * Lets code outside React components (the fetch wrapper, the error handler, logout) navigate.
 * The router registers itself here; until then we fall back to changing the hash.
 */
type Navigator = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigator | null = null;

export function registerNavigator(n: Navigator): void {
  navigator = n;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigator) {
    navigator(to, opts);
    return;
  }
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (opts?.replace) window.location.replace(url);
  else window.location.hash = to;
}

/** The current hash path without '#', e.g. '/admin/dashboard'. */
export function currentHashPath(): string {
  const h = window.location.hash.replace(/^#/, '');
  return h.split('?')[0] || '/';
}

export function isOnLoginArea(path = currentHashPath()): boolean {
  return path === '/login' || path.startsWith('/login/') || path === '/configuration-setup-wizard';
}

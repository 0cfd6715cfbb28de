import { authApi } from '@meridian/domain';

/** Why single sign-on sent the person back to the login page (?sso=<reason>), in words; null for none. */
export function ssoProblemText(reason: string | null): string | null {
  const m = authApi.MSG_SSO;
  if (reason === 'notConfigured') return m.notConfigured;
  if (reason === 'notLinked') return m.notLinked;
  if (reason === 'expired') return m.expired;
  if (reason === 'failed') return m.failed;
  return null;
}

/** A page of this portal to come back to (#/…), nothing else. */
export const isPortalPath = (p: string) => /^\/[A-Za-z0-9/_\-.:;=,%?&]*$/.test(p) && !p.startsWith('//');

/** The portal's single sign-on start (docs/product/single-sign-on.md), coming back to `returnTo` when it is one of the portal's pages. */
export function ssoStartHref(portal: 'scholar' | 'student', returnTo?: string | null): string {
  const q = new URLSearchParams({ portal });
  if (returnTo && isPortalPath(returnTo)) q.set('returnTo', returnTo);
  return `/api/auth/sso/start?${q.toString()}`;
}

/**
 * The page a person asked for before being sent to sign in (`?next=` of the login page), when it is one
 * of this portal's pages and not the login area itself; null otherwise.
 */
export function safeNext(next: string | null): string | null {
  if (!next || !isPortalPath(next) || next === '/' || next.startsWith('/login')) return null;
  return next;
}

import { useSyncExternalStore } from 'react';
import type { TSession } from '@meridian/domain';

/** sessionStorage key: the session lives as long as the tab, never in localStorage. */
const SESSION_KEY = 'meridian.session';

type Listener = () => void;

function readStored(): TSession | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as TSession;
    return parsed && typeof parsed.accessToken === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const SKEW_KEY = 'meridian.session.clockSkew';

let current: TSession | null = readStored();
/**
 * Server clock minus this computer's clock, in seconds, measured when the session arrived
 * (expireOn - expiresIn is the server's "now"). A wrong local clock must not make us refresh
 * every 10 s or never.
 */
let clockSkewS = Number(safeGet(SKEW_KEY)) || 0;

function safeGet(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

/** The session in memory (kept in step with sessionStorage). */
export function getSession(): TSession | null {
  return current;
}

/** Where a person who chose to sign out is going (the security-logout page): the guards send them there too. */
let signedOutTo: string | null = null;
export const signOutDestination = (): string | null => signedOutTo;
export function markSignedOut(to: string | null): void {
  signedOutTo = to;
}

export function setSession(session: TSession): void {
  signedOutTo = null;
  current = session;
  clockSkewS = session.expireOn - session.expiresIn - Math.floor(Date.now() / 1000);
  try {
    window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    window.sessionStorage.setItem(SKEW_KEY, String(clockSkewS));
  } catch {
    // Storage can be full or blocked; memory still works for this page's life.
  }
  emit();
}

export function clearSession(): void {
  current = null;
  try {
    window.sessionStorage.removeItem(SESSION_KEY);
    window.sessionStorage.removeItem(SKEW_KEY);
  } catch {
    // ignore
  }
  emit();
}

function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on sign-in, refresh and sign-out, so guards re-check the token on every change. */
export function useSession(): TSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Seconds until the access token expires by the server's clock (negative when expired). */
export function secondsLeft(session: TSession, nowMs = Date.now()): number {
  return session.expireOn - (Math.floor(nowMs / 1000) + clockSkewS);
}

/** Where this user signs in again: students have their own login page. */
export function loginPathFor(role: TSession['userRole'] | null | undefined): string {
  return role === 'ISSSstudent' ? '/login/student' : '/login';
}

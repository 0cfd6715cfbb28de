import { useEffect } from 'react';
import { SESSION } from '@meridian/domain';
import { getSession, secondsLeft } from './session-store';
import { logout, refreshSessionOnce } from './session-actions';

/**
 * Every 10 s, if the access token expires within 300 s, refresh it;
 * a refused refresh logs out with the 'session expired' toast. A network failure is retried on
 * the next tick unless the token has already run out.
 */
export function useTokenRefresh(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const check = async () => {
      const s = getSession();
      if (!s || stopped) return;
      if (secondsLeft(s) > SESSION.refreshWithinS) return;
      try {
        const next = await refreshSessionOnce();
        if (next === null && !stopped && getSession()) await logout({ callServer: false, notice: 'expired-toast' });
      } catch {
        const still = getSession();
        if (still && secondsLeft(still) <= 0 && !stopped) await logout({ callServer: false, notice: 'expired-toast' });
      }
    };
    void check();
    const id = window.setInterval(() => void check(), SESSION.refreshCheckEveryMs);
    return () => {
      stopped = true;
      window.clearInterval(id);
    };
  }, [active]);
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { MSG, SESSION } from '@meridian/domain';
import { logout, refreshSessionOnce } from './session-actions';
import { BrandedTheme } from '../mui-frame';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

function formatCountdown(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Loaded with MUI once someone is signed in (app/root-layout.tsx).
 * Inactivity: after SESSION.inactivityS without input, ask whether to continue,
 * counting down 300 s. The idle timer stops while the page is hidden and restarts when visible.
 */
export function InactivityDialog() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState<number>(SESSION.warningCountdownS);
  const [busy, setBusy] = useState(false);
  const idleTimer = useRef<number | undefined>(undefined);
  const lastArm = useRef(0);
  const open = deadline !== null;
  // The listeners below are set once: they read whether the question is open through this ref.
  const openRef = useRef(open);
  useLayoutEffect(() => {
    openRef.current = open;
  }, [open]);

  const arm = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    lastArm.current = Date.now();
    if (document.hidden) return;
    idleTimer.current = window.setTimeout(() => {
      setLeft(SESSION.warningCountdownS);
      setDeadline(Date.now() + SESSION.warningCountdownS * 1000);
    }, SESSION.inactivityS * 1000);
  }, []);

  useEffect(() => {
    arm();
    const onActivity = () => {
      // While the question is on screen only an answer counts; mousemove is throttled.
      if (openRef.current || Date.now() - lastArm.current < 1000) return;
      arm();
    };
    const onVisibility = () => {
      if (document.hidden) window.clearTimeout(idleTimer.current);
      else if (!openRef.current) arm();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(idleTimer.current);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [arm]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        setDeadline(null);
        void logout();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline]);

  const onContinue = async () => {
    setBusy(true);
    try {
      const next = await refreshSessionOnce();
      setDeadline(null);
      if (next === null) await logout({ callServer: false, notice: 'expired-toast' });
      else arm();
    } catch {
      // Network trouble: keep the dialog so the user can try again before the countdown ends.
    } finally {
      setBusy(false);
    }
  };

  const onStop = () => {
    setDeadline(null);
    void logout();
  };

  return (
    <BrandedTheme>
      <Dialog
        open={open}
        role="alertdialog"
        aria-labelledby="session-expiring-title"
        aria-describedby="session-expiring-text"
        disableEscapeKeyDown
      >
        <DialogTitle id="session-expiring-title">Session timeout</DialogTitle>
        <DialogContent>
          <DialogContentText id="session-expiring-text">{MSG.sessionExpiring}</DialogContentText>
          <DialogContentText sx={{ mt: 2 }} aria-live="off">
            You will be logged out in <strong>{formatCountdown(left)}</strong>.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onStop} disabled={busy}>
            No
          </Button>
          <Button onClick={() => void onContinue()} variant="contained" disabled={busy} autoFocus>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </BrandedTheme>
  );
}

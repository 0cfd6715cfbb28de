import { useSyncExternalStore } from 'react';
import { setStepUpHandler } from '../http/api-call';

/*
 * "Confirm it's you" (docs/product/two-step-sign-in.md#confirm-its-you): a call refused with 403
 * STEP_UP_REQUIRED waits here while the dialog (step-up-dialog.tsx) asks for a code or a passkey.
 * Calls refused at the same moment share one question. Without the dialog on screen nothing is asked.
 */

let pending: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Asks the person to confirm it's you; true once they did, false when they cancelled. */
export function askStepUp(): Promise<boolean> {
  if (listeners.size === 0) return Promise.resolve(false);
  if (pending) return pending.promise;
  let resolve: (ok: boolean) => void = () => {};
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  pending = { promise, resolve };
  notify();
  return promise;
}

/** The dialog's answer: the waiting calls are sent again (true) or fail with their 403 (false). */
export function answerStepUp(ok: boolean): void {
  const p = pending;
  pending = null;
  notify();
  p?.resolve(ok);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Whether the question is asked now (for the dialog). */
export function useStepUpAsked(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending !== null,
    () => false,
  );
}

setStepUpHandler(askStepUp);

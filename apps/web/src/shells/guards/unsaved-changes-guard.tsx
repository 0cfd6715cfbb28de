import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { MSG } from '@meridian/domain';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { getSession } from '../../app/session/session-store';

/**
 * Leaving the page (in-app navigation or closing the tab)
 * while `when` is true asks first. A logout that already ended the session is not held up.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // The router allows one blocker at a time: hold it only while there is something to lose.
  return when ? <ActiveGuard /> : null;
}

function ActiveGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !!getSession() && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Browsers show their own text; setting returnValue is what makes them ask.
      e.returnValue = MSG.unsavedChanges;
      return MSG.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={MSG.unsavedChanges}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

import { useState, type ReactNode } from 'react';
import { MSG } from '@meridian/domain';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Closing a dialog with unsaved changes asks first.
 * Returns the close handler to use and the question dialog to render.
 */
export function useConfirmDiscard(isDirty: boolean, close: () => void): { requestClose: () => void; confirm: ReactNode } {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (isDirty) setAsking(true);
    else close();
  };
  const confirm = (
    <ConfirmDialog
      open={asking}
      title="Unsaved changes"
      message={MSG.unsavedChanges}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, confirm };
}

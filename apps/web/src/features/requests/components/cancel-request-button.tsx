import { useState } from 'react';
import { Button } from '@mui/material';
import type { TRequestDetail } from '@meridian/domain';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { useCancelRequest } from '../api/cancel-request';

/** The requester cancels their own draft (the engine's cancel: it is closed and cannot be submitted). */
export function CancelRequestButton({
  request,
  onCancelled,
  variant = 'text',
  disabled = false,
}: {
  request: TRequestDetail;
  onCancelled?: () => void;
  variant?: 'text' | 'contained';
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelRequest(request.id);
  return (
    <>
      <Button color="error" variant={variant} onClick={() => setAsking(true)} disabled={disabled}>
        Cancel request
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cancel request"
        destructive
        busy={cancel.isPending}
        message={`Cancel ${request.typeName} #${request.number}? It will be closed and cannot be submitted.`}
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              snack('The request was cancelled.', 'success');
              onCancelled?.();
            },
            onSettled: () => setAsking(false),
          })
        }
      />
    </>
  );
}

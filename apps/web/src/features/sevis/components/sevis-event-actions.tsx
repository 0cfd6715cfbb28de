import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { can } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { actorOf } from '../../../shells/common/menu';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { failureMessage, isSessionOrAccess } from '../../../app/errors/failure';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { snack } from '../../../ui/notify';
import { useGetCurrentUser } from '../../auth';
import { useCancelSevisEvent, useRequeueSevisEvent } from '../api/sevis-batches';

interface TEventLike {
  id: string;
  status: string;
  eventType: string;
  action: string;
}

const label = (e: TEventLike) => `${e.eventType}${e.action && e.action !== e.eventType ? ` / ${e.action}` : ''}`;

/**
 * "Send again" (a failed or held-back update, after the record was corrected) and "Cancel update" (a
 * pending, held-back or failed one, with a reason) for the SEVIS officers of the record's site and
 * super users (the server checks; docs/product/sevis-batches.md#fixing-what-did-not-go-through).
 */
export function SevisEventActions({ event }: { event: TEventLike }) {
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const requeue = useRequeueSevisEvent();
  const cancel = useCancelSevisEvent();
  const [asking, setAsking] = useState<'requeue' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  if (!can(actor, 'sevis.import')) return null;
  const mayRequeue = event.status === 'failed' || event.status === 'held';
  const mayCancel = mayRequeue || event.status === 'pending';
  if (!mayCancel) return null;
  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError('');
  };
  const fail = (e: unknown) => (isSessionOrAccess(e) ? handleApiError(e) : snack(failureMessage(e), 'error'));
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        {mayRequeue ? (
          <Button size="small" onClick={() => setAsking('requeue')} aria-label={`Send the ${label(event)} update again`}>
            Send again
          </Button>
        ) : null}
        <Button size="small" color="error" onClick={() => setAsking('cancel')} aria-label={`Cancel the ${label(event)} update`}>
          Cancel update
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking === 'requeue'}
        title="Send this update again?"
        message={`The ${label(event)} update goes into the next batch, built from the record as it stands now. Correct the record first if SEVIS refused it.`}
        confirmLabel="Send again"
        busy={requeue.isPending}
        onCancel={close}
        onConfirm={() =>
          requeue.mutate(event.id, {
            onSuccess: () => {
              snack('The update is pending for the next batch.', 'success');
              close();
            },
            onError: (e) => {
              fail(e);
              close();
            },
          })
        }
      />
      <Dialog
        open={asking === 'cancel'}
        onClose={cancel.isPending ? undefined : close}
        aria-labelledby="cancel-sevis-update-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="cancel-sevis-update-title">Cancel this SEVIS update?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The {label(event)} update will never go to SEVIS. The reason is kept on the update and in the record&apos;s History Log.
          </DialogContentText>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(ev) => setReason(ev.target.value)}
            error={!!reasonError}
            helperText={reasonError || ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={cancel.isPending} autoFocus>
            Keep it
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { eventId: event.id, reason },
                {
                  onSuccess: () => {
                    snack('The update was cancelled.', 'success');
                    close();
                  },
                  onError: (e) => {
                    const field = isApiError(e) ? e.fieldErrors?.reason?.[0] : undefined;
                    if (field) setReasonError(field);
                    else {
                      fail(e);
                      close();
                    }
                  },
                },
              )
            }
          >
            Cancel update
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

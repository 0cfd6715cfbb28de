import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, MenuItem, TextField } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { describeFailure } from '../../../../app/errors/failure';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { useListStaffStartableTypes, useStartRequestForStudent } from '../api/start-request';

/**
 * "Start a request for this student": the office opens a draft the student then completes and submits
 * (they are told by bell and e-mail). Only types configured with the 'staff' starter are offered. The office's
 * own requests (a termination: docs/product/students-requests.md#the-offices-own-requests) open as the staff
 * member's draft instead, on the page where they fill it in; the student never sees them, and they need no
 * portal account.
 */
export function StartRequestButton({
  profileId,
  studentName,
  hasPortalAccount,
}: {
  profileId: string;
  studentName: string;
  hasPortalAccount: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typeId, setTypeId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const types = useListStaffStartableTypes(profileId, open);
  const start = useStartRequestForStudent(profileId);
  const navigate = useNavigate();
  const close = () => {
    setOpen(false);
    setTypeId('');
    setError(null);
    setLoadError(null);
  };
  const chosen = types.data?.find((x) => x.id === typeId);
  const submit = () => {
    if (!typeId) {
      setError('Required field');
      return;
    }
    setLoadError(null);
    start.mutate(typeId, {
      onSuccess: (r) => {
        const office = !!chosen?.isOfficeRequest;
        snack(
          office
            ? `Request #${r.number} started. Fill in its form and submit it.`
            : `Request #${r.number} started. ${studentName} was asked to complete and submit it.`,
          'success',
        );
        close();
        void navigate(office ? `/isss/office-request/${r.id}` : `/isss/request/${r.id}`);
      },
      onError: (e) => {
        const f = describeFailure(e);
        if (f.kind === 'session' || f.kind === 'forbidden') {
          close();
          handleApiError(e);
        } else if (f.fieldErrors.requestTypeId) setError(f.fieldErrors.requestTypeId);
        else setLoadError(f.message);
      },
    });
  };
  return (
    <>
      <Button variant="outlined" startIcon={<Add />} onClick={() => setOpen(true)}>
        Start a request for this student
      </Button>
      <ConfirmDialog
        open={open}
        title={`Start a request for ${studentName}`}
        message={chosen ? `Start a ${chosen.name} request for ${studentName}?` : `Which request do you want to start for ${studentName}?`}
        effects={
          chosen?.isOfficeRequest
            ? [
                `The request opens as your draft about ${studentName}'s record: you fill in its form and submit it.`,
                `${studentName} does not see it; they are told when it is approved.`,
              ]
            : [
                `The request opens as a draft in ${studentName}'s portal, with ${studentName} as its requester.`,
                `${studentName} is told by e-mail to complete and submit it.`,
              ]
        }
        error={types.isError ? 'The request types could not be loaded.' : loadError}
        confirmLabel="Start request"
        busy={start.isPending}
        onCancel={close}
        onConfirm={submit}
      >
        {types.data && types.data.length === 0 ? (
          <Alert severity="info">
            No request type may be started by the office for this student. Allow “staff” to start a type in Request Configuration.
          </Alert>
        ) : (
          <TextField
            select
            fullWidth
            autoFocus
            label="Request type"
            required
            value={typeId}
            onChange={(e) => {
              setTypeId(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={
              error ??
              (chosen?.description ||
                (hasPortalAccount
                  ? ' '
                  : 'Without a portal account, only the office’s own requests can be started: invite the student for the others.'))
            }
            disabled={types.isPending}
          >
            {(types.data ?? []).map((x) => (
              // A request the student completes needs their portal account; the office's own does not.
              <MenuItem key={x.id} value={x.id} disabled={!hasPortalAccount && !x.isOfficeRequest}>
                {x.name}
                {!hasPortalAccount && !x.isOfficeRequest ? ' (needs a portal account)' : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ConfirmDialog>
    </>
  );
}

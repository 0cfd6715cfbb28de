import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { ApiError } from '../../../../app/http/api-error';
import { snack } from '../../../../ui/notify';
import { useListStaffStartableTypes, useStartRequestForStudent } from '../api/start-request';

/**
 * "Start a request for this student": the office opens a draft the student then completes and submits
 * (they are told by bell and e-mail). Only types configured with the 'staff' starter are offered.
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
  const types = useListStaffStartableTypes(profileId, open);
  const start = useStartRequestForStudent(profileId);
  const navigate = useNavigate();
  const close = () => {
    setOpen(false);
    setTypeId('');
    setError(null);
  };
  const submit = () => {
    if (!typeId) {
      setError('Required field');
      return;
    }
    start.mutate(typeId, {
      onSuccess: (r) => {
        snack(`Request #${r.number} started. ${studentName} was asked to complete and submit it.`, 'success');
        close();
        void navigate(`/isss/request/${r.id}`);
      },
      onError: (e) =>
        setError(e instanceof ApiError ? (e.fieldErrors?.requestTypeId?.[0] ?? e.message) : 'Oops we got an error, try again later.'),
    });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Add />}
        onClick={() => setOpen(true)}
        disabled={!hasPortalAccount}
        title={hasPortalAccount ? undefined : 'Invite the student to the portal first: they complete and submit the request.'}
      >
        Start a request for this student
      </Button>
      <Dialog open={open} onClose={start.isPending ? undefined : close} aria-labelledby="start-request-title" maxWidth="sm" fullWidth>
        <DialogTitle id="start-request-title">Start a request for {studentName}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The request opens as a draft in {studentName}&apos;s portal; they are told by e-mail to complete and submit it.
          </DialogContentText>
          {types.isError ? <Alert severity="error">The request types could not be loaded.</Alert> : null}
          {types.data && types.data.length === 0 ? (
            <Alert severity="info">
              No request type may be started by the office for this student. Allow “staff” to start a type in Request Configuration.
            </Alert>
          ) : (
            <TextField
              select
              fullWidth
              label="Request type"
              required
              value={typeId}
              onChange={(e) => {
                setTypeId(e.target.value);
                setError(null);
              }}
              error={!!error}
              helperText={error ?? (types.data?.find((x) => x.id === typeId)?.description || ' ')}
              disabled={types.isPending}
            >
              {(types.data ?? []).map((x) => (
                <MenuItem key={x.id} value={x.id}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={start.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={submit} disabled={start.isPending || !types.data?.length}>
            Start request
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

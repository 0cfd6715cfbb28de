import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, MenuItem, TextField } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { describeFailure } from '../../../../app/errors/failure';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { useListStartableRequestTypes, useStartRequestForScholar, type TStartedBy } from '../api/start-request';

/**
 * "Start a request" on a scholar's case (docs/product/scholars-office.md#start-a-request): the office opens a
 * draft the scholar completes and submits (told by bell and e-mail), a department one it fills in itself. The
 * types offered fit the case's visa type.
 */
export function StartScholarRequestButton({
  by,
  applicationId,
  scholarName,
  hasPortalAccount,
}: {
  by: TStartedBy;
  applicationId: string;
  scholarName: string;
  hasPortalAccount: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typeId, setTypeId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const types = useListStartableRequestTypes(by, applicationId, open);
  const start = useStartRequestForScholar(by, applicationId);
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
        close();
        if (by === 'office') {
          snack(`Request #${r.number} started. ${scholarName} was asked to complete and submit it.`, 'success');
          void navigate(`/admin/request/${r.id}`);
        } else {
          snack(`Request #${r.number} started. Fill it in, then submit it to the office.`, 'success');
          void navigate(`/scholar/request-edit/${r.id}`);
        }
      },
      onError: (e) => {
        const f = describeFailure(e);
        if (f.kind === 'session') {
          close();
          handleApiError(e);
        } else if (f.fieldErrors.requestTypeId) setError(f.fieldErrors.requestTypeId);
        else setLoadError(f.message);
      },
    });
  };
  const noAccount = `Invite ${scholarName} to the portal first: a request is about the scholar it names${by === 'office' ? ', who completes it' : ''}.`;
  return (
    <>
      <Button variant="outlined" startIcon={<Add />} onClick={() => setOpen(true)} disabled={!hasPortalAccount}>
        Start a request
      </Button>
      {!hasPortalAccount ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {noAccount}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={open}
        title={`Start a request for ${scholarName}`}
        message={chosen ? `Start a ${chosen.name} request for ${scholarName}?` : `Which request do you want to start for ${scholarName}?`}
        effects={
          by === 'office'
            ? [
                `The request opens as a draft in ${scholarName}'s portal, with ${scholarName} as its requester.`,
                `${scholarName} is told by e-mail to complete and submit it.`,
              ]
            : [`The request opens as your department's draft about ${scholarName}: fill it in, then submit it to the office.`]
        }
        error={types.isError ? 'The request types could not be loaded.' : loadError}
        confirmLabel="Start request"
        busy={start.isPending}
        onCancel={close}
        onConfirm={submit}
      >
        {types.data && types.data.length === 0 ? (
          <Alert severity="info">
            No request type fits this case. {by === 'office' ? 'Scholars' : 'Departments'} may start a type when Request Configuration
            allows it and its visa scope includes the case&apos;s visa type.
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
            helperText={error ?? (chosen?.description || ' ')}
            disabled={types.isPending}
          >
            {(types.data ?? []).map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ConfirmDialog>
    </>
  );
}

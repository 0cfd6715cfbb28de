import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { identityLinksApi as A } from '@meridian/domain';
import { fieldErrorOf, isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { useSetExternalId } from '../api/identity-links';

/** Sets, changes or removes the SIS id or HR employee id of an account's record; the server's refusal shows on the field. */
export function ExternalIdDialog({ row, onClose }: { row: A.TIdentityLinkRow | null; onClose: () => void }) {
  return (
    <Dialog open={!!row} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="external-id-title">
      {row ? <ExternalIdForm key={row.userId} row={row} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ExternalIdForm({ row, onClose }: { row: A.TIdentityLinkRow; onClose: () => void }) {
  const label = A.EXTERNAL_ID_LABELS[row.kind];
  const [value, setValue] = useState(row.record?.externalId ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useSetExternalId();
  const serverError = fieldErrorOf(save.error, 'externalId');
  const submit = () => {
    const parsed = A.ZExternalId.safeParse(value);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? A.MSG_IDENTITY_LINKS.externalIdFormat);
      return;
    }
    setLocalError(null);
    save.mutate(
      { userId: row.userId, externalId: parsed.data },
      {
        onSuccess: () => {
          snack(parsed.data ? `${label} saved.` : `${label} removed.`, 'success');
          onClose();
        },
      },
    );
  };
  const error = localError ?? serverError;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogTitle id="external-id-title">
        {row.record?.externalId ? 'Change' : 'Set'} {label}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {row.record?.name} ({row.kind === 'student' ? 'student record' : 'scholar'}), portal account {row.userName}. Leave it empty to
          remove the id.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          id="external-id"
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!error}
          helperText={error ?? "Letters, digits, '-', '_' or '.'; up to 30."}
          slotProps={{ htmlInput: { maxLength: 30 } }}
        />
        {save.isError && !serverError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(save.error) ? save.error.message : 'The id could not be saved.'}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { identityLinksApi as A } from '@meridian/domain';
import { fieldErrorOf, isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { ServerSearchPicker } from '../../../ui/server-search-picker';
import { identityLinksKey, searchUnlinkedRecords, useLinkRecord } from '../api/identity-links';

/** Links an account without a record to a record of its kind without an account, found by a search on the server. */
export function LinkRecordDialog({ row, onClose }: { row: A.TIdentityLinkRow | null; onClose: () => void }) {
  return (
    <Dialog open={!!row} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="link-record-title">
      {row ? <LinkRecordForm key={row.userId} row={row} onClose={onClose} /> : null}
    </Dialog>
  );
}

const optionLabel = (r: A.TUnlinkedRecord) =>
  [r.name, r.email, r.externalId ? `ID ${r.externalId}` : 'no id', r.placeName].filter(Boolean).join(' · ');

function LinkRecordForm({ row, onClose }: { row: A.TIdentityLinkRow; onClose: () => void }) {
  const [record, setRecord] = useState<A.TUnlinkedRecord | null>(null);
  const link = useLinkRecord();
  const what = row.kind === 'student' ? 'student record' : 'scholar';
  const fieldError = fieldErrorOf(link.error, 'recordId');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!record) return;
        link.mutate(
          { userId: row.userId, recordId: record.id },
          {
            onSuccess: () => {
              snack(`Account linked to ${record.name}.`, 'success');
              onClose();
            },
          },
        );
      }}
    >
      <DialogTitle id="link-record-title">
        Link {row.userName} to a {what}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Only {what}s without a portal account that you may change are offered. Search by name, e-mail or the whole{' '}
          {A.EXTERNAL_ID_LABELS[row.kind]}.
        </DialogContentText>
        <ServerSearchPicker
          queryKey={[...identityLinksKey, 'unlinked', row.kind]}
          search={(q, signal) => searchUnlinkedRecords(row.kind, q, signal)}
          value={record}
          onChange={setRecord}
          optionLabel={optionLabel}
          optionId={(r) => r.id}
          label={row.kind === 'student' ? 'Student record' : 'Scholar'}
          helperText={fieldError ?? `A ${what} without a portal account`}
          noneFound={`No ${what} without an account matches.`}
        />
        {link.isError && !fieldError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(link.error) ? link.error.message : 'The account could not be linked.'}
          </Alert>
        ) : null}
        {fieldError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fieldError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!record || link.isPending}>
          Link
        </Button>
      </DialogActions>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import type { TReassignOutput } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { useListRuleAssignees, useReassignRequests } from '../api/assignment-rules';

type TPerson = { userId: string; name: string };

/**
 * Moves every open student request of one person, in the caller's reach, to another
 * (docs/product/requests.md#reassigning-open-requests); says how many moved and why the others did not.
 */
export function ReassignDialog({ holders, onClose }: { holders: TPerson[]; onClose: () => void }) {
  const staff = useListRuleAssignees(null);
  const reassign = useReassignRequests();
  const [from, setFrom] = useState(holders[0]?.userId ?? '');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string; form?: string }>({});
  const [result, setResult] = useState<TReassignOutput | null>(null);
  const toOptions = (staff.data ?? []).filter((p) => p.userId !== from);

  const confirm = () => {
    if (result) return onClose();
    const missing = { ...(from ? {} : { from: 'Choose whose requests to move.' }), ...(to ? {} : { to: 'Choose who receives them.' }) };
    setErrors(missing);
    if (missing.from || missing.to) return;
    reassign.mutate(
      { fromUserId: from, toUserId: to },
      {
        onSuccess: (r) => {
          setResult(r);
          snack(`${r.moved} ${r.moved === 1 ? 'request was' : 'requests were'} moved.`, 'success');
        },
        onError: (e) => {
          const onTo = isApiError(e) ? e.fieldErrors?.toUserId?.[0] : undefined;
          setErrors({ ...(onTo ? { to: onTo } : {}), form: describeFailure(e).message });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title="Reassign open requests"
      message="Move every open student request of one person that you may process to another person."
      effects={['Each request is checked on its own: one the new person may not be assigned stays where it is.', 'The new person is told.']}
      confirmLabel={result ? 'Close' : 'Reassign'}
      busy={reassign.isPending}
      error={errors.form}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {result ? (
        <Box role="status">
          <Alert severity={result.skipped.length ? 'warning' : 'success'}>
            {result.moved} {result.moved === 1 ? 'request was' : 'requests were'} moved
            {result.skipped.length ? `; ${result.skipped.length} could not be moved:` : '.'}
          </Alert>
          {result.skipped.length ? (
            <Box component="ul" aria-label="Requests not moved" sx={{ pl: 2.5 }}>
              {result.skipped.map((s) => (
                <li key={s.requestId}>
                  {s.number ? `#${s.number}: ` : ''}
                  {s.reason}
                </li>
              ))}
            </Box>
          ) : null}
        </Box>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            required
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={!!errors.from}
            helperText={
              errors.from ?? (holders.length ? 'People with open requests' : 'Nobody has open student requests in your campus sites.')
            }
          >
            {holders.map((p) => (
              <MenuItem key={p.userId} value={p.userId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={!!errors.to}
            helperText={errors.to ?? 'Office staff who process requests'}
          >
            {toOptions.map((p) => (
              <MenuItem key={p.userId} value={p.userId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </ConfirmDialog>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { completionErrors, completionFields, completionLookupKeys, type studentsApi } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { snack } from '../../../../ui/notify';
import { LookupField, useLookupChecker } from '../../../lookups';
import { useCompleteSevisEvent } from '../api/student-record';
import { DependentReasonField } from './dependent-reason-field';

/**
 * Under a SEVIS update the batch held back: what it lacks, asked on the spot (completionFields: full or
 * part time, the SEVIS reason code, a J-2's DS-2019 purpose, an OPT employer's address...). Saving puts
 * the values into the update and sends it back to the queue (docs/product/students-records.md#sevis-updates).
 */
export function HeldEventForm({ profileId, visaType, event }: { profileId: string; visaType: string; event: studentsApi.TSevisEvent }) {
  const fields = useMemo(() => completionFields(event.eventType, event.action, visaType), [event.eventType, event.action, visaType]);
  // The employer's state, a status's SEVIS reason and a J-2's DS-2019 purpose are chosen from the office's lists and
  // checked against them, as the server does (docs/product/lookups.md#how-forms-use-the-lists).
  const lookupKeys = useMemo(() => completionLookupKeys(fields), [fields]);
  const lookups = useLookupChecker(lookupKeys);
  const complete = useCompleteSevisEvent(profileId);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, ''])));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState('');
  if (!fields.length) return null;
  const submit = () => {
    setFailure('');
    const found = completionErrors(fields, values, lookups);
    setErrors(found);
    if (Object.keys(found).length) return;
    complete.mutate(
      { eventId: event.id, values },
      {
        onSuccess: () => snack('The update is completed and queued for the next SEVIS batch.', 'success'),
        onError: (e) => {
          if (!isApiError(e) || e.status >= 500 || e.status === 401) return handleApiError(e);
          const byField = Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, m]) => [k.replace(/^values\./, ''), m]));
          setErrors(byField);
          if (!Object.keys(byField).length) setFailure(e.message);
        },
      },
    );
  };
  const headingId = `complete-${event.id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'warning.light', borderRadius: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Complete this update for SEVIS
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields.map((f) =>
          f.groups ? (
            // A dependent's reason: a J-2's Terminate (Table 19) and End program (Table 18) in two groups.
            <DependentReasonField
              key={f.name}
              id={`${event.id}-${f.name}`}
              name={f.name}
              size="small"
              label={f.label}
              visaType={visaType}
              required={f.required}
              value={values[f.name] ?? ''}
              onChange={(v) => {
                setValues((x) => ({ ...x, [f.name]: v }));
                setErrors((x) => ({ ...x, [f.name]: [] }));
              }}
              error={!!errors[f.name]?.length}
              helperText={errors[f.name]?.[0] ?? ' '}
            />
          ) : f.lookup ? (
            <LookupField
              key={f.name}
              id={`${event.id}-${f.name}`}
              name={f.name}
              size="small"
              label={f.label}
              lookup={f.lookup}
              required={f.required}
              value={values[f.name] ?? ''}
              onChange={(v) => {
                setValues((x) => ({ ...x, [f.name]: v }));
                setErrors((x) => ({ ...x, [f.name]: [] }));
              }}
              error={!!errors[f.name]?.length}
              helperText={errors[f.name]?.[0] ?? ' '}
            />
          ) : (
            <TextField
              key={f.name}
              size="small"
              label={f.label}
              required={f.required || !!f.requiredWhen?.(values)}
              select={f.kind === 'select'}
              multiline={f.kind === 'textarea'}
              minRows={f.kind === 'textarea' ? 2 : undefined}
              value={values[f.name] ?? ''}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
                setErrors((x) => ({ ...x, [f.name]: [] }));
              }}
              error={!!errors[f.name]?.length}
              helperText={errors[f.name]?.[0] ?? ' '}
              sx={f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}
              slotProps={{ htmlInput: { maxLength: f.maxLength } }}
            >
              {f.kind === 'select'
                ? (f.options ?? []).map((o) => (
                    <MenuItem key={o.code} value={o.code}>
                      {o.code} {o.label}
                    </MenuItem>
                  ))
                : null}
            </TextField>
          ),
        )}
      </Box>
      <Button variant="contained" size="small" onClick={submit} disabled={complete.isPending}>
        Save and queue for SEVIS
      </Button>
    </Box>
  );
}

import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { lookupsApi } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { failureMessage } from '../../../app/errors/failure';
import { DateInput } from '../../../ui/date-input';
import { snack } from '../../../ui/notify';
import { useAddLookupValue, useUpdateLookupValue } from '../api/lookups';
import { LookupField } from './lookup-field';

type TErrors = Record<string, string>;

/** The first message of each field, from a zod issue list or the server's field errors. */
function firstOf(entries: [string, string | undefined][]): TErrors {
  const out: TErrors = {};
  for (const [k, m] of entries) if (m && !out[k]) out[k] = m;
  return out;
}

/**
 * Add a value of the office's own to a list that allows them, or relabel a value (and change the attributes of
 * the office's own values): docs/product/lookups.md#adding-a-value. SEVIS's codes and attributes are shown, not
 * changed. The browser checks with the contract's schema, the server again with the list.
 */
export function LookupValueDialog({
  list,
  value,
  onClose,
}: {
  list: lookupsApi.TLookupList;
  value: lookupsApi.TLookupValue | null;
  onClose: () => void;
}) {
  const add = useAddLookupValue();
  const update = useUpdateLookupValue();
  const busy = add.isPending || update.isPending;
  const [code, setCode] = useState(value?.code ?? '');
  const [label, setLabel] = useState(value?.label ?? '');
  const [attributes, setAttributes] = useState<Record<string, string>>(value?.attributes ?? {});
  const [activeFrom, setActiveFrom] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const editsAttributes = !value || !value.isOfficial;

  const failed = (e: unknown) => {
    if (isApiError(e) && e.fieldErrors) {
      setErrors(firstOf(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0]])));
      if (!Object.keys(e.fieldErrors).length) setFormError(e.message);
    } else setFormError(failureMessage(e));
  };
  const done = (saved: lookupsApi.TLookupValue) => {
    snack(value ? `${saved.label} saved.` : `${saved.label} added to ${list.name}.`, 'success');
    onClose();
  };

  const submit = () => {
    setFormError(null);
    const attrs = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v.trim() !== ''));
    if (value) {
      const parsed = lookupsApi.ZUpdateLookupValueInput.safeParse({ label, ...(editsAttributes ? { attributes: attrs } : {}) });
      if (!parsed.success) return setErrors(firstOf(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      setErrors({});
      update.mutate({ key: list.key, valueId: value.id, body: parsed.data }, { onSuccess: done, onError: failed });
      return;
    }
    const parsed = lookupsApi.ZAddLookupValueInput.safeParse({ code, label, attributes: attrs, activeFrom: activeFrom || null });
    if (!parsed.success) return setErrors(firstOf(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
    const missing = list.attributes.filter((a) => a.required && !attrs[a.key]);
    if (missing.length) return setErrors(firstOf(missing.map((a) => [`attributes.${a.key}`, `Enter the ${a.label}.`])));
    setErrors({});
    add.mutate({ key: list.key, body: parsed.data }, { onSuccess: done, onError: failed });
  };

  const title = value ? `Edit ${value.code}` : `Add a value to ${list.name}`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="lookup-value-dialog-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="lookup-value-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          {value ? (
            <Typography sx={{ mb: 2 }}>
              Code <strong>{value.code}</strong>
              {value.officialLabel ? ` · SEVIS: ${value.officialLabel}` : ''}
              {value.isOfficial ? '. SEVIS’s code and attributes stay as they are; the label is what forms show.' : ''}
            </Typography>
          ) : (
            <TextField
              id="lookup-value-code"
              label="Code"
              required
              fullWidth
              margin="normal"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!errors.code}
              helperText={errors.code ?? 'What records keep: up to 20 letters, digits, spaces or . _ / -'}
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
          )}
          <TextField
            id="lookup-value-label"
            label="Label"
            required
            fullWidth
            margin="normal"
            autoFocus={!!value}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={!!errors.label}
            helperText={errors.label ?? 'What people see in the forms.'}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {editsAttributes
            ? list.attributes.map((a) =>
                a.list ? (
                  <Box key={a.key} sx={{ mt: 2, mb: 1 }}>
                    <LookupField
                      id={`lookup-value-attr-${a.key}`}
                      name={`attributes.${a.key}`}
                      label={a.label}
                      lookup={{ key: a.list }}
                      required={a.required}
                      value={attributes[a.key] ?? ''}
                      onChange={(v) => setAttributes((x) => ({ ...x, [a.key]: v }))}
                      error={!!errors[`attributes.${a.key}`]}
                      helperText={errors[`attributes.${a.key}`]}
                    />
                  </Box>
                ) : (
                  <TextField
                    key={a.key}
                    id={`lookup-value-attr-${a.key}`}
                    label={a.label}
                    required={a.required}
                    fullWidth
                    margin="normal"
                    value={attributes[a.key] ?? ''}
                    onChange={(e) => setAttributes((x) => ({ ...x, [a.key]: e.target.value }))}
                    error={!!errors[`attributes.${a.key}`]}
                    helperText={errors[`attributes.${a.key}`]}
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                  />
                ),
              )
            : null}
          {!value ? (
            <DateInput
              id="lookup-value-from"
              label="Offered from"
              fullWidth
              margin="normal"
              value={activeFrom}
              onChange={setActiveFrom}
              error={!!errors.activeFrom}
              helperText={errors.activeFrom ?? 'MM/DD/YYYY. Leave empty to offer it at once.'}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {value ? 'Save' : 'Add value'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

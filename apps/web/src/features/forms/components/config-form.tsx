import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import type { formsApi } from '@meridian/domain';

type TOption = formsApi.TOption;
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';

/** 'One option per line' text to options (the value is the text). */
export const optionsFromText = (text: string): TOption[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => ({ value: l.slice(0, 200), label: l.slice(0, 300) }));
export const optionsToText = (options: TOption[]) => options.map((o) => o.label).join('\n');

/**
 * Puts messages (from the contract's schema or the server) on the form's fields; `rename` maps body
 * fields to form fields (options -> optionsText). Returns a message for the top of the form, or null.
 */
export function applyErrors<T extends FieldValues>(
  errors: Record<string, string[]>,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Record<string, string> = {},
): string | null {
  let unmatched: string | null = null;
  for (const [key, messages] of Object.entries(errors)) {
    const field = rename[key.split('.')[0]!] ?? key;
    const message = messages[0];
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', ...(message !== undefined ? { message } : {}) });
    else unmatched ??= message ?? null;
  }
  return unmatched;
}

export function zodErrors(e: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of e.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

/** Server refusal of a save: field messages onto the form, the rest through the global path. */
export function serverErrors(e: unknown): Record<string, string[]> | null {
  if (!isApiError(e) || e.status === 401 || e.status === 403 || e.status >= 500) {
    handleApiError(e);
    return null;
  }
  return e.fieldErrors ?? { _: [e.message] };
}

/** The dialog frame of the configuration forms. */
export function ConfigDialog(p: {
  open: boolean;
  title: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = `cfg-${p.title.replace(/\W+/g, '-')}`;
  return (
    <Dialog open={p.open} onClose={p.busy ? undefined : p.onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          p.onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{p.title}</DialogTitle>
        <DialogContent dividers>
          {p.error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {p.error}
            </Alert>
          ) : null}
          <Stack spacing={2}>{p.children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onClose} disabled={p.busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={p.busy}
            startIcon={p.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../../app/http/api-error';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';

/**
 * A label and its value, read only. Empty values show a dash so a gap is visible as a gap. The pair is
 * one `div` straight inside the `dl` (the only wrapper a definition list allows), so a wide fact (an
 * address) spans two grid columns itself rather than through another box around it.
 */
export function Fact({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean | undefined }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide ? { gridColumn: { md: 'span 2' } } : {}) }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Typography>
    </Box>
  );
}

export function FactGrid({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
      {children}
    </Box>
  );
}

export function FormGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>{children}</Box>;
}

export interface SectionCardProps<T extends FieldValues> {
  title: string;
  canEdit: boolean;
  /** The form's values from the record (re-read when the record changes). */
  values: T;
  /** Read-only view. */
  view: ReactNode;
  /** The edit form's fields. */
  fields: (form: UseFormReturn<T>) => ReactNode;
  /** Sends the values; resolves when saved. */
  save: (values: T) => Promise<unknown>;
  /** Field names the server may name in fieldErrors (nested as 'usAddress.city'). */
  knownFields: readonly string[];
  /** Tells the page whether this section holds unsaved changes (for the unsaved-changes guard). */
  onDirtyChange: (dirty: boolean) => void;
  /** Reload the record after a stale-save refusal. */
  reload: () => void;
}

/**
 * One section of the student record: read view with an Edit button; the form shows the server's
 * field errors on their fields, and a refusal because someone else saved first (409) says so and
 * offers to reload, keeping what the user typed on screen until they choose.
 */
export function SectionCard<T extends FieldValues>(p: SectionCardProps<T>) {
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const form = useForm<T>({ defaultValues: p.values as DefaultValues<T> });
  const { isDirty, isSubmitting } = form.formState;
  const { onDirtyChange } = p;
  useEffect(() => {
    onDirtyChange(editing && isDirty);
  }, [editing, isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const open = () => {
    form.reset(p.values);
    setFormError(null);
    setStale(false);
    setEditing(true);
  };
  const cancel = () => {
    form.reset(p.values);
    setEditing(false);
    setFormError(null);
    setStale(false);
  };
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await p.save(values);
      setEditing(false);
      setStale(false);
      snack(`${p.title} saved.`, 'success');
    } catch (e) {
      if (isApiError(e) && e.status === 409 && e.code === 'STALE_RECORD') {
        setStale(true);
        setFormError(e.message);
        return;
      }
      setFormError(handleFormError(e, form.setError, p.knownFields));
    }
  });

  const headingId = `section-${p.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          {p.title}
        </Typography>
        {p.canEdit && !editing ? (
          <Button size="small" startIcon={<EditOutlined />} onClick={open} aria-label={`Edit ${p.title}`}>
            Edit
          </Button>
        ) : null}
      </Box>
      {editing ? (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          {formError ? (
            <Alert
              severity={stale ? 'warning' : 'error'}
              sx={{ mb: 2 }}
              action={
                stale ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      p.reload();
                      cancel();
                    }}
                  >
                    Reload the record
                  </Button>
                ) : undefined
              }
            >
              {formError}
            </Alert>
          ) : null}
          {p.fields(form)}
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={cancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
              Save
            </Button>
          </Stack>
        </Box>
      ) : (
        p.view
      )}
    </Paper>
  );
}

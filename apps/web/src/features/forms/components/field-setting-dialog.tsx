import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import {
  FIELD_ROLE_LABELS,
  fieldLockNote,
  type formsApi,
  type TConfigurableFieldInfo,
  type TConfigurableForm,
  type TFieldRole,
} from '@meridian/domain';
import type { UseFormSetError } from 'react-hook-form';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { useConfirmDiscard } from '../../../ui/use-confirm-discard';
import { snack } from '../../../ui/notify';
import { useSaveFieldSetting } from '../api/field-settings';

type TRequired = 'default' | 'required' | 'optional';
type TAccess = 'shown' | 'readOnly' | 'hidden';
type TErrors = Partial<Record<'label' | 'help' | 'required' | 'hiddenFor' | 'readOnlyFor', string>>;
const FIELDS = ['label', 'help', 'required', 'hiddenFor', 'readOnlyFor'] as const;

/** How a field is required when the office leaves it as its form says. */
export const DEFAULT_REQUIRED: Record<TConfigurableFieldInfo['required'], string> = {
  always: 'required',
  conditional: 'required when other answers call for it',
  never: 'optional',
};

const accessOf = (saved: formsApi.TFieldSettingRow | null, role: TFieldRole): TAccess =>
  saved?.hiddenFor.includes(role) ? 'hidden' : saved?.readOnlyFor.includes(role) ? 'readOnly' : 'shown';

/**
 * One field's settings (docs/product/field-configuration.md#changing-a-field): its label and help, whether it is
 * required, and for each role of its form whether it is shown, read-only or hidden. What the field's lock does not
 * allow is offered disabled, with the reason beside it; the server says the same if it is sent anyway.
 */
export function FieldSettingDialog({
  form,
  field,
  saved,
  onClose,
  onExited,
}: {
  form: TConfigurableForm;
  field: TConfigurableFieldInfo;
  saved: formsApi.TFieldSettingRow | null;
  onClose: () => void;
  /** Once the dialog has closed: focus goes back to the row's button. */
  onExited: () => void;
}) {
  const id = useId();
  const save = useSaveFieldSetting();
  const initialRequired: TRequired = saved?.required === true ? 'required' : saved?.required === false ? 'optional' : 'default';
  const initialAccess = Object.fromEntries(form.roles.map((r) => [r.role, accessOf(saved, r.role)])) as Record<TFieldRole, TAccess>;
  const [open, setOpen] = useState(true);
  const [label, setLabel] = useState(saved?.label ?? '');
  const [help, setHelp] = useState(saved?.help ?? '');
  const [required, setRequired] = useState<TRequired>(initialRequired);
  const [access, setAccess] = useState(initialAccess);
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isDirty =
    label !== (saved?.label ?? '') ||
    help !== (saved?.help ?? '') ||
    required !== initialRequired ||
    JSON.stringify(access) !== JSON.stringify(initialAccess);
  const close = () => {
    setOpen(false);
    onClose();
  };
  const { requestClose, confirm } = useConfirmDiscard(isDirty, close);
  const lockNote = fieldLockNote(field.lock);
  const shownLabel = saved?.label ?? field.label;

  const submit = () => {
    setErrors({});
    setFormError(null);
    const rolesWith = (a: TAccess) => form.roles.filter((r) => access[r.role] === a).map((r) => r.role);
    save.mutate(
      {
        formKey: form.key,
        fieldName: field.name,
        body: { label, help, required, hiddenFor: rolesWith('hidden'), readOnlyFor: rolesWith('readOnly'), version: saved?.version ?? 0 },
      },
      {
        onSuccess: () => {
          snack(`${label.trim() || field.label}: saved.`, 'success');
          close();
        },
        onError: (e) => {
          const setError = ((name: string, err: { message?: string }) =>
            setErrors((prev) => ({ ...prev, [name]: err.message ?? '' }))) as unknown as UseFormSetError<TErrors>;
          setFormError(handleFormError(e, setError, FIELDS));
        },
      },
    );
  };

  const busy = save.isPending;
  const rolesError = errors.hiddenFor ?? errors.readOnlyFor;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : requestClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
      slotProps={{ transition: { onExited } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>Edit “{shownLabel}”</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {form.title} · {field.section}
          </Typography>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Label"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            fullWidth
            margin="dense"
            autoFocus
            error={!!errors.label}
            helperText={errors.label ?? `Leave empty to keep the form’s own: “${field.label}”.`}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Help"
            value={help}
            onChange={(e) => setHelp(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            error={!!errors.help}
            helperText={errors.help ?? (field.help ? `Leave empty to keep the form’s own: “${field.help}”.` : 'Shown under the field.')}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <FormControl component="fieldset" error={!!errors.required} sx={{ mt: 2, display: 'block' }}>
            <FormLabel component="legend">Required</FormLabel>
            <RadioGroup value={required} onChange={(e) => setRequired(e.target.value as TRequired)}>
              <FormControlLabel value="default" control={<Radio />} label={`As the form says (${DEFAULT_REQUIRED[field.required]})`} />
              <FormControlLabel value="required" control={<Radio />} label="Required" />
              <FormControlLabel value="optional" control={<Radio />} label="Optional" disabled={!!field.lock.required} />
            </RadioGroup>
            {errors.required || lockNote ? <FormHelperText>{errors.required ?? lockNote}</FormHelperText> : null}
          </FormControl>
          {form.roles.map(({ role, enters }) => {
            const locked = field.lock.askedOf?.includes(role) ?? false;
            const legendId = `${id}-${role}`;
            return (
              <FormControl key={role} component="fieldset" sx={{ mt: 2, display: 'block' }} error={!!rolesError}>
                <FormLabel component="legend" id={legendId}>
                  {FIELD_ROLE_LABELS[role]} {enters ? '(fill the form in)' : '(read the form)'}
                </FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={legendId}
                  value={access[role]}
                  onChange={(e) => setAccess((a) => ({ ...a, [role]: e.target.value as TAccess }))}
                >
                  <FormControlLabel value="shown" control={<Radio />} label="Shown" />
                  {enters ? <FormControlLabel value="readOnly" control={<Radio />} label="Read-only" disabled={locked} /> : null}
                  <FormControlLabel value="hidden" control={<Radio />} label="Hidden" disabled={locked} />
                </RadioGroup>
                {locked ? (
                  <FormHelperText>SEVIS needs this field: {FIELD_ROLE_LABELS[role].toLowerCase()} keep filling it in.</FormHelperText>
                ) : null}
              </FormControl>
            );
          })}
          {rolesError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {rolesError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </Box>
      {confirm}
    </Dialog>
  );
}

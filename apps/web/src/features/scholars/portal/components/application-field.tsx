import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { digitsTyped, type TScholarFieldDef } from '@meridian/domain';
import { DateInput } from '../../../../ui/date-input';
import { LookupField } from '../../../lookups';
import { messageWithHint } from '../../../../ui/form/message-with-hint';

export interface ApplicationFieldProps {
  field: TScholarFieldDef;
  /** The field's path in the form ('dateOfBirth', 'dependents.0.firstName'): its id, name and error key. */
  path: string;
  value: unknown;
  required: boolean;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const fieldId = (path: string) => `field-${path.replace(/\./g, '-')}`;

/** One scalar field of an application form, drawn by its type with its label, required mark, help and message. */
export function ApplicationField({ field, path, value, required, error, readOnly, onChange, onBlur }: ApplicationFieldProps) {
  const id = fieldId(path);
  const str = text(value);
  const hint = field.type === 'date' ? (field.help ? `MM/DD/YYYY. ${field.help}` : 'MM/DD/YYYY') : field.help;
  const common = {
    id,
    name: path,
    label: field.label,
    required,
    error: !!error,
    disabled: readOnly,
    fullWidth: true,
    onBlur,
    // A message keeps the format hint beside it, so the fix is in view.
    helperText: messageWithHint(error, hint),
  };
  const trimOnBlur = () => {
    if (str !== str.trim()) onChange(str.trim());
    onBlur();
  };

  switch (field.type) {
    case 'yesno':
      return (
        <FormControl error={!!error} disabled={readOnly} required={required} component="fieldset">
          <FormLabel component="legend" id={`${id}-label`} sx={{ fontSize: '0.95rem' }}>
            {field.label}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-label`}
            name={path}
            value={value === true ? 'yes' : value === false ? 'no' : ''}
            onChange={(e) => {
              onChange(e.target.value === 'yes');
              onBlur();
            }}
          >
            <FormControlLabel value="yes" control={<Radio id={id} />} label="Yes" />
            <FormControlLabel value="no" control={<Radio />} label="No" />
          </RadioGroup>
          {error || field.help ? <FormHelperText>{error ?? field.help}</FormHelperText> : null}
        </FormControl>
      );
    case 'checkboxes': {
      const picked = Array.isArray(value) ? (value as string[]) : [];
      return (
        <FormControl error={!!error} disabled={readOnly} required={required} component="fieldset">
          <FormLabel component="legend" sx={{ fontSize: '0.95rem' }}>
            {field.label}
          </FormLabel>
          <FormGroup id={id}>
            {(field.options ?? []).map((o) => (
              <FormControlLabel
                key={o.value}
                label={o.label}
                control={
                  <Checkbox
                    name={path}
                    checked={picked.includes(o.value)}
                    onBlur={onBlur}
                    onChange={(e) => onChange(e.target.checked ? [...picked, o.value] : picked.filter((p) => p !== o.value))}
                  />
                }
              />
            ))}
          </FormGroup>
          {error || field.help ? <FormHelperText>{error ?? field.help}</FormHelperText> : null}
        </FormControl>
      );
    }
    case 'select':
      // A choice from the office's code list (docs/product/lookups.md#how-forms-use-the-lists): a select, or typing to find a country.
      if (field.lookup)
        return (
          <LookupField
            id={id}
            name={path}
            label={field.label}
            lookup={field.lookup}
            value={str}
            onChange={onChange}
            onBlur={onBlur}
            required={required}
            error={!!error}
            disabled={readOnly}
            helperText={messageWithHint(error, hint)}
          />
        );
      return (
        <TextField
          {...common}
          select
          value={str}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        >
          <MenuItem value="">
            <em>Not selected</em>
          </MenuItem>
          {(field.options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
      return <DateInput {...common} value={str} onChange={onChange} />;
    case 'digits':
      return (
        <TextField
          {...common}
          value={str}
          // Kept as typed (no length cap, no characters dropped: `55000.50` is never read as 5500050);
          // spaces and hyphens come out on leaving the field, and anything else is the field's message.
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const kept = digitsTyped(str.trim());
            if (kept !== str) onChange(kept);
            onBlur();
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      );
    case 'email':
      return (
        <TextField
          {...common}
          type="email"
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={trimOnBlur}
          slotProps={{ htmlInput: { maxLength: field.max, autoComplete: 'email' } }}
        />
      );
    case 'phone':
      return (
        <TextField
          {...common}
          type="tel"
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={trimOnBlur}
          slotProps={{ htmlInput: { maxLength: field.max, autoComplete: 'tel' } }}
        />
      );
    case 'textarea':
      return (
        <TextField
          {...common}
          multiline
          minRows={3}
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={trimOnBlur}
          slotProps={{ htmlInput: { maxLength: field.max } }}
        />
      );
    default:
      // Leading spaces never enter, and the value is trimmed on blur.
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={trimOnBlur}
          slotProps={{ htmlInput: { maxLength: field.max } }}
        />
      );
  }
}

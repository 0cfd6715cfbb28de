import { Checkbox, FormControl, FormControlLabel, FormHelperText, MenuItem, TextField } from '@mui/material';
import { isChecked, normalizeTypedNumber, type TStudentRequestField } from '@meridian/domain';
import { DateInput } from '../../../../ui/date-input';
import { messageWithHint } from '../../../../ui/form/message-with-hint';
import { LookupField } from '../../../lookups';

export interface RequestFieldProps {
  field: TStudentRequestField;
  value: unknown;
  required: boolean;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

/** Money: up to 6 integer digits and 2 decimals. */
const MONEY_TYPING = /^\d{0,6}(\.\d{0,2})?$/;

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** One student request field, drawn by its kind with its label, required mark, help, counter and message. */
export function RequestField({ field, value, required, error, readOnly, onChange, onBlur }: RequestFieldProps) {
  const id = `field-${field.name}`;
  const str = text(value);
  const counter = field.maxLength && (field.kind === 'textarea' || field.maxLength >= 100) ? `${str.length}/${field.maxLength}` : null;
  const hint = field.kind === 'date' ? (field.help ? `MM/DD/YYYY. ${field.help}` : 'MM/DD/YYYY') : field.help;
  // A message keeps the format hint beside it, so the fix is in view.
  const helper = messageWithHint(error, hint);
  const common = {
    id,
    name: field.name,
    label: field.label,
    required,
    error: !!error,
    disabled: readOnly,
    fullWidth: true,
    onBlur,
    helperText: counter ? (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{helper}</span>
        <span aria-hidden>{counter}</span>
      </span>
    ) : (
      helper
    ),
  };
  const maxLength = field.maxLength;

  switch (field.kind) {
    case 'checkbox':
      return (
        <FormControl error={!!error} disabled={readOnly}>
          <FormControlLabel
            label={field.label}
            control={
              <Checkbox
                id={id}
                name={field.name}
                checked={isChecked(value)}
                onBlur={onBlur}
                onChange={(e) => onChange(e.target.checked ? '1' : '0')}
                slotProps={{ input: { 'aria-describedby': `${id}-helper` } }}
              />
            }
          />
          {helper ? <FormHelperText id={`${id}-helper`}>{helper}</FormHelperText> : null}
        </FormControl>
      );
    case 'select':
      // Choices from one of the office's code lists (docs/product/lookups.md#how-forms-use-the-lists).
      if (field.lookup)
        return (
          <LookupField
            id={id}
            name={field.name}
            label={field.label}
            lookup={field.lookup}
            value={str}
            onChange={onChange}
            onBlur={onBlur}
            required={required}
            error={!!error}
            helperText={common.helperText}
            disabled={readOnly}
          />
        );
    // falls through
    case 'dependent':
      // A dependent's choices come with the field (StudentRequestForm draws them from the student's record).
      return (
        <TextField {...common} select value={str} onChange={(e) => onChange(e.target.value)}>
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
    case 'phone':
    case 'number':
      // Typed as people write them (12-3456789, (217) 555-0199): nothing is blocked or cut while typing,
      // the punctuation comes out on leaving the field, and a wrong character or length is the field's message.
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const kept = normalizeTypedNumber(field, str);
            if (kept !== str) onChange(kept);
            onBlur();
          }}
          slotProps={{
            htmlInput: { inputMode: field.kind === 'phone' ? 'tel' : 'numeric', autoComplete: field.kind === 'phone' ? 'tel' : 'off' },
          }}
        />
      );
    case 'money':
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => {
            if (MONEY_TYPING.test(e.target.value)) onChange(e.target.value);
          }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      );
    case 'email':
      return (
        <TextField
          {...common}
          type="email"
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={() => {
            if (str !== str.trim()) onChange(str.trim());
            onBlur();
          }}
          slotProps={{ htmlInput: { maxLength, autoComplete: 'email' } }}
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
          onBlur={() => {
            if (str !== str.trim()) onChange(str.trim());
            onBlur();
          }}
          slotProps={{ htmlInput: { maxLength } }}
        />
      );
    default:
      // Leading spaces never enter, and the value is trimmed on blur.
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => onChange(e.target.value.trimStart())}
          onBlur={() => {
            if (str !== str.trim()) onChange(str.trim());
            onBlur();
          }}
          slotProps={{ htmlInput: { maxLength } }}
        />
      );
  }
}

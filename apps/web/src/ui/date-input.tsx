import { TextField, type TextFieldProps } from '@mui/material';
import { parseUsDate } from '@meridian/domain';

/** Types a date as MM/DD/YYYY: digits only, slashes inserted as the user types. */
export function formatDateTyping(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ISO YYYY-MM-DD → MM/DD/YYYY; anything else is returned as it is (a date still being typed). */
export function isoToUsDate(value: string): string {
  const m = ISO.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** ISO YYYY-MM-DD when complete and valid; otherwise the text as typed (so a validator can say 'Invalid date'). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed as MM/DD/YYYY (bounds 01/01/1753 to 12/31/9999). The value handed back
 * is ISO when the date is complete and real, which is what the server and the domain rules read.
 */
export function DateInput({ value, onChange, helperText, placeholder, slotProps, ...rest }: Props) {
  return (
    <TextField
      {...rest}
      value={isoToUsDate(value ?? '')}
      placeholder={placeholder ?? 'MM/DD/YYYY'}
      helperText={helperText ?? 'MM/DD/YYYY'}
      onChange={(e) => {
        const typed = formatDateTyping(e.target.value);
        onChange(parseUsDate(typed) ?? typed);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off', ...(slotProps?.htmlInput as object | undefined) },
      }}
    />
  );
}

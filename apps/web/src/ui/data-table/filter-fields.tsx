import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormControl, InputAdornment, InputLabel, MenuItem, Select, TextField, type SxProps, type Theme } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { addressDateToTyped, typedDateToAddress } from '../url-filters';

/**
 * Text typed into a field that mirrors an address value: the address wins when it changes from
 * elsewhere (Back, a cleared filter), the typing wins otherwise. Adjusted while rendering, so the
 * field never shows a stale value for a frame.
 */
function useMirroredText(value: string, toText: (v: string) => string = (v) => v): [string, (t: string) => void] {
  const [text, setText] = useState(() => toText(value));
  const [mirrored, setMirrored] = useState(value);
  if (mirrored !== value) {
    setMirrored(value);
    setText(toText(value));
  }
  return [text, setText];
}

/**
 * The list's search box: what is typed goes to the address after a short pause (trimmed), so the
 * list does not reload on every key.
 */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
  helperText,
  sx,
  delayMs = 350,
  transform,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  helperText?: string;
  sx?: SxProps<Theme>;
  delayMs?: number;
  /** Applied to each keystroke's text (e.g. upper case for codes). */
  transform?: (typed: string) => string;
}) {
  const [text, setText] = useMirroredText(value);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      helperText={helperText}
      value={text}
      onChange={(e) => {
        const next = transform ? transform(e.target.value) : e.target.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => {
          if (next.trim() !== value) onChange(next.trim());
        }, delayMs);
      }}
      size="small"
      margin="none"
      sx={sx ?? { flex: '1 1 280px', maxWidth: 420 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100, type: 'search' },
      }}
    />
  );
}

/** A date typed MM/DD/YYYY, kept in the address as MM-DD-YYYY; an impossible date says so on the field. */
export function DateFilter({
  id,
  label,
  value,
  onChange,
  width = 150,
  serverError,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (address: string) => void;
  width?: number;
  /** The server's refusal of this date (e.g. a range that ends before it starts), shown on the field. */
  serverError?: string | null | undefined;
}) {
  const [typed, setTyped] = useMirroredText(value, addressDateToTyped);
  const [error, setError] = useState(false);
  const commit = () => {
    if (!typed.trim()) {
      setError(false);
      if (value) onChange('');
      return;
    }
    const address = typedDateToAddress(typed);
    setError(!address);
    if (address && address !== value) onChange(address);
  };
  return (
    <TextField
      id={id}
      size="small"
      margin="none"
      label={label}
      placeholder="MM/DD/YYYY"
      value={typed}
      error={error || !!serverError}
      helperText={error ? 'Invalid date' : (serverError ?? undefined)}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width }}
      slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
    />
  );
}

/** A text filter applied on Enter or when the field is left (codes and tags are typed exactly). */
export function TextFilter({
  label,
  value,
  onChange,
  width,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  width: number;
  placeholder?: string;
}) {
  const [typed, setTyped] = useMirroredText(value);
  const commit = () => {
    if (typed.trim() !== value) onChange(typed.trim());
  };
  return (
    <TextField
      size="small"
      margin="none"
      label={label}
      value={typed}
      placeholder={placeholder}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width }}
      slotProps={{ htmlInput: { maxLength: 60 }, inputLabel: { shrink: true } }}
    />
  );
}

export interface TFilterOption {
  value: string;
  label: ReactNode;
}

/** A choice among options; the empty value ("Any") means no filter. */
export function SelectFilter({
  id,
  label,
  value,
  onChange,
  options,
  width,
  anyLabel = 'Any',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly TFilterOption[];
  width: number;
  /** The label of "no filter"; null when every choice is a real one (no empty entry). */
  anyLabel?: string | null;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: width }}>
      <InputLabel id={id} shrink>
        {label}
      </InputLabel>
      <Select labelId={id} label={label} notched displayEmpty={anyLabel !== null} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== null ? <MenuItem value="">{anyLabel}</MenuItem> : null}
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

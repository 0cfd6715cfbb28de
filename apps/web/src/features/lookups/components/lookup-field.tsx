import { type ReactNode } from 'react';
import { Autocomplete, MenuItem, TextField, type FilterOptionsState } from '@mui/material';
import type { TLookupRef } from '@meridian/domain';
import { useLookupOptions, useLookupText, type TLookupOption } from '../api/lookup-options';

/** Lists longer than this are chosen by typing (Autocomplete); shorter ones from a plain select. */
const SELECT_MAX = 80;
/** How many matches the typing shows at once: enough to scan, few enough to draw at once. */
const SHOWN_MAX = 100;

/**
 * What typing finds, best first: the code itself ("IT", "11.0701"), then labels and codes that start with what
 * was typed, then those that contain it.
 */
export function filterLookupOptions(
  options: TLookupOption[],
  state: Pick<FilterOptionsState<TLookupOption>, 'inputValue'>,
): TLookupOption[] {
  const q = state.inputValue.trim().toLowerCase();
  if (!q) return options.slice(0, SHOWN_MAX);
  const rank = (o: TLookupOption) => {
    const value = o.value.toLowerCase();
    const label = o.label.toLowerCase();
    if (value === q || label === q) return 0;
    if (label.startsWith(q) || value.startsWith(q)) return 1;
    if (label.includes(q)) return 2;
    return 3;
  };
  return options
    .map((o, i) => ({ o, i, r: rank(o) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, SHOWN_MAX)
    .map((x) => x.o);
}

export interface LookupFieldProps {
  id: string;
  name: string;
  label: string;
  lookup: TLookupRef;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  required?: boolean | undefined;
  error?: boolean | undefined;
  helperText?: ReactNode;
  disabled?: boolean | undefined;
  size?: 'small' | 'medium' | undefined;
  inputRef?: React.Ref<HTMLInputElement> | undefined;
}

/**
 * A field whose choices come from one of the office's code lists (docs/product/lookups.md#how-forms-use-the-lists):
 * a select for a short list, typing to find for a long one (countries, CIP codes). A value the field holds that the
 * list no longer offers stays shown, marked, until another is chosen.
 */
export function LookupField({
  id,
  name,
  label,
  lookup,
  value,
  onChange,
  onBlur,
  required,
  error,
  helperText,
  disabled,
  size,
  inputRef,
}: LookupFieldProps) {
  const { options, isLoading, isError } = useLookupOptions(lookup, value);
  const helper = isError ? 'The list could not be loaded: reload the page to try again.' : helperText;
  if (!isLoading && options.length <= SELECT_MAX) {
    return (
      <TextField
        id={id}
        name={name}
        label={label}
        select
        fullWidth
        size={size}
        required={required}
        error={error || isError}
        disabled={disabled}
        helperText={helper}
        value={options.some((o) => o.value === value) ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
      >
        <MenuItem value="">
          <em>Not selected</em>
        </MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      loading={isLoading}
      loadingText="Loading the list…"
      noOptionsText="Nothing on the list matches: type part of the name or the code."
      disabled={disabled}
      autoHighlight
      autoSelect
      size={size}
      fullWidth
      filterOptions={filterLookupOptions}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, o) => onChange(o?.value ?? '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={error || isError}
          helperText={helper ?? 'Type part of the name or the code.'}
          inputRef={inputRef}
        />
      )}
    />
  );
}

/** A stored value of a code list in words, for read views. */
export function LookupText({ lookup, value }: { lookup: TLookupRef; value: string }) {
  return <>{useLookupText(lookup, value)}</>;
}

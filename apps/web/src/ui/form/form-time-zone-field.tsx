import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { knownTimeZones } from '@meridian/domain';

type Props<T extends FieldValues, C, TOut extends FieldValues> = {
  control: Control<T, C, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
  required?: boolean;
};

/**
 * The office's time zone, chosen from the IANA zones the browser knows (Intl.supportedValuesOf('timeZone')),
 * typed to filter ("New_York", "Chicago"); shows the schema's message under it.
 */
export function FormTimeZoneField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  required,
}: Props<T, C, TOut>) {
  const zones = useMemo(() => knownTimeZones(), []);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <Autocomplete
          options={zones}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(_, next) => onChange(next ?? '')}
          onBlur={onBlur}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={ref}
              name={name}
              label={label}
              required={required}
              margin="dense"
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? helperText}
            />
          )}
        />
      )}
    />
  );
}

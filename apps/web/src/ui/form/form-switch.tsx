import { FormControlLabel, FormHelperText, Switch, Box } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues, C, TOut extends FieldValues> = {
  control: Control<T, C, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
  disabled?: boolean | undefined;
  /** Map the boolean to and from another value (e.g. '1' / '0'). */
  on?: unknown;
  off?: unknown;
};

/** A labelled switch bound to react-hook-form. */
export function FormSwitch<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  on = true,
  off = false,
}: Props<T, C, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value === on}
                onChange={(e) => field.onChange(e.target.checked ? on : off)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
              />
            }
          />
          {fieldState.error || helperText ? (
            <FormHelperText error={!!fieldState.error} sx={{ mt: -0.5, ml: 6 }}>
              {fieldState.error?.message ?? helperText}
            </FormHelperText>
          ) : null}
        </Box>
      )}
    />
  );
}

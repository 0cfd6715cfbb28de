import { useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues, C, TOut extends FieldValues> = Omit<TextFieldProps, 'name' | 'type' | 'value' | 'onChange' | 'error'> & {
  control: Control<T, C, TOut>;
  name: Path<T>;
};

/** A password input with a labelled show/hide toggle. */
export function PasswordField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  ...rest
}: Props<T, C, TOut>) {
  const [visible, setVisible] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          label={label}
          value={value ?? ''}
          inputRef={ref}
          type={visible ? 'text' : 'password'}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={visible ? 'Hide password' : 'Show password'}
                    aria-pressed={visible}
                    onClick={() => setVisible((v) => !v)}
                    onMouseDown={(e) => e.preventDefault()}
                    edge="end"
                  >
                    {visible ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

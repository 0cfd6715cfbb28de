import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { messageWithHint } from './message-with-hint';

type Props<T extends FieldValues, C, TOut extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, C, TOut>;
  name: Path<T>;
};

/** A labelled MUI text field bound to react-hook-form; shows the schema's message under it, beside its format hint. */
export function FormTextField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  helperText,
  ...rest
}: Props<T, C, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={!!fieldState.error}
          helperText={messageWithHint(fieldState.error?.message, helperText)}
        />
      )}
    />
  );
}

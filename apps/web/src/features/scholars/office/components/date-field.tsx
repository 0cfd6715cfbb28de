import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from '../../../../ui/date-input';

/** A MM/DD/YYYY date bound to react-hook-form; empty means null (not known). */
export function DateField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  required,
  helper,
  disabled,
}: {
  control: Control<T, C, TOut>;
  name: Path<T>;
  label: string;
  required?: boolean;
  helper?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          disabled={disabled}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? null : v)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helper ?? 'MM/DD/YYYY'}
          fullWidth
        />
      )}
    />
  );
}

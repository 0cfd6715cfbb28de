import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { TLookupRef } from '@meridian/domain';
import { messageWithHint } from '../../../ui/form/message-with-hint';
import { LookupField } from './lookup-field';

/** A code list's field bound to react-hook-form: the schema's or the server's message under it, beside its hint. */
export function FormLookupField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  lookup,
  required,
  helperText,
  size,
  disabled,
}: {
  control: Control<T, C, TOut>;
  name: Path<T>;
  label: string;
  lookup: TLookupRef;
  required?: boolean | undefined;
  helperText?: ReactNode;
  size?: 'small' | 'medium' | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LookupField
          id={`lookup-${name}`}
          name={field.name}
          label={label}
          lookup={lookup}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          size={size}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={messageWithHint(fieldState.error?.message, helperText)}
        />
      )}
    />
  );
}

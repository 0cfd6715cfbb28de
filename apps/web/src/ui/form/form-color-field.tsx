import { Box, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues, C, TOut extends FieldValues> = {
  control: Control<T, C, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour as #RRGGBB: a text field plus the browser's colour picker, both labelled. */
export function FormColorField<T extends FieldValues, C = unknown, TOut extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
}: Props<T, C, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Box
            component="input"
            type="color"
            aria-label={`${label}: colour picker`}
            value={HEX.test(value ?? '') ? value : '#000000'}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value.toUpperCase())}
            onBlur={onBlur}
            sx={{
              mt: 2,
              width: 56,
              height: 56,
              p: 0.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              cursor: 'pointer',
              flex: 'none',
            }}
          />
          <TextField
            label={label}
            name={name}
            value={value ?? ''}
            inputRef={ref}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText ?? 'As #RRGGBB'}
            slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
          />
        </Box>
      )}
    />
  );
}

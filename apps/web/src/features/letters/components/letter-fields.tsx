import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { lettersApi } from '@meridian/domain';
import { useListLetterTemplates } from '../api/letters';

const VISIBILITY_LABELS: Record<lettersApi.TLetterVisibility, string> = {
  person: 'The person and the office',
  office: 'The office only',
};

/**
 * The active templates that fit the records, to choose from (the first 100 by name): of one kind, or of any
 * of the kinds listed.
 */
export function TemplateSelect({
  kind,
  value,
  onChange,
  error,
}: {
  kind: lettersApi.TLetterRecordKind | readonly lettersApi.TLetterRecordKind[];
  value: lettersApi.TLetterTemplateSummary | null;
  onChange: (t: lettersApi.TLetterTemplateSummary | null) => void;
  error?: string | undefined;
}) {
  const kinds: readonly lettersApi.TLetterRecordKind[] = typeof kind === 'string' ? [kind] : kind;
  const one = kinds.length === 1 ? kinds[0] : undefined;
  const list = useListLetterTemplates({ ...(one ? { recordKind: one } : {}), activeOnly: 'true', pageSize: 100, sort: 'name' });
  const items = (list.data?.items ?? []).filter((t) => kinds.includes(t.recordKind));
  return (
    <TextField
      select
      label="Letter template"
      value={value?.id ?? ''}
      onChange={(e) => onChange(items.find((t) => t.id === e.target.value) ?? null)}
      error={!!error || list.isError}
      helperText={
        error ??
        (list.isError
          ? 'The templates could not be loaded.'
          : items.length || list.isPending
            ? ' '
            : 'No active template for these records yet.')
      }
      fullWidth
    >
      {items.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Who sees the filed letter; `personLabel` names who "the person" is for the record (a scholar case: its department and scholar). */
export function VisibilityRadios({
  value,
  onChange,
  personLabel,
}: {
  value: lettersApi.TLetterVisibility;
  onChange: (v: lettersApi.TLetterVisibility) => void;
  personLabel?: string;
}) {
  return (
    <FormControl>
      <FormLabel id="letter-visibility">Visible to</FormLabel>
      <RadioGroup
        row
        aria-labelledby="letter-visibility"
        value={value}
        onChange={(e) => onChange(e.target.value as lettersApi.TLetterVisibility)}
      >
        {lettersApi.LETTER_VISIBILITIES.map((v) => (
          <FormControlLabel
            key={v}
            value={v}
            control={<Radio />}
            label={v === 'person' && personLabel ? personLabel : VISIBILITY_LABELS[v]}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

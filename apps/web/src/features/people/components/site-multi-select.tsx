import { Autocomplete, Chip, TextField } from '@mui/material';
import type { TCampusSite } from '@meridian/domain';

export const ALL_SITES: TCampusSite = { id: 0, name: 'All campus sites', code: 'ALL', isActive: true };

/** Choose campus sites by id; labels come from the site list. An inactive site is offered only while it is chosen. */
export function SiteMultiSelect({
  label,
  value,
  onChange,
  sites,
  includeAll = false,
  helperText,
  error,
  disabled,
  loading,
}: {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  sites: TCampusSite[];
  includeAll?: boolean;
  helperText?: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  loading?: boolean | undefined;
}) {
  const offered = sites.filter((s) => s.isActive || value.includes(s.id));
  const options = includeAll ? [ALL_SITES, ...offered] : offered;
  const selected = value.map((id) => options.find((s) => s.id === id) ?? { id, name: `Site ${id}`, code: String(id), isActive: true });
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      loading={loading}
      options={options}
      value={selected}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(s) => (s.id === 0 ? s.name : `${s.name} (${s.code})`)}
      onChange={(_, next) => {
        // "All campus sites" stands alone: choosing it clears the others, and vice versa.
        const last = next[next.length - 1];
        if (last?.id === 0) onChange([0]);
        else onChange(next.filter((s) => s.id !== 0).map((s) => s.id));
      }}
      renderValue={(items, getItemProps) =>
        items.map((s, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={s.name} {...props} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} margin="dense" error={!!error} helperText={error ?? helperText} />}
    />
  );
}

import { useEffect, useState } from 'react';
import { Box, Button, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { PROCESSED_STATE_LABELS, PROCESS_AS, SCHOLAR_STATUSES } from '@meridian/domain';
import { addressDateToTyped, typedDateToAddress } from '../../../../ui/url-filters';
import { useDepartments } from '../api/departments';

/** The dashboard's filters as they live in the address (dates MM-DD-YYYY, empty values dropped). */
export interface TScholarFilterValues {
  dept: string;
  visa: string;
  status: string;
  premium: string;
  endFrom: string;
  endTo: string;
  soon: string;
}
export const EMPTY_SCHOLAR_FILTERS: TScholarFilterValues = {
  dept: '',
  visa: '',
  status: '',
  premium: '',
  endFrom: '',
  endTo: '',
  soon: '',
};

/** Visa filter choices: every processed state, and the cases not yet processed. */
export const VISA_FILTER_OPTIONS = [
  ...PROCESS_AS.map((v) => ({ value: v, label: PROCESSED_STATE_LABELS[v] ?? v })),
  { value: 'none', label: 'Not yet processed' },
];

/** A date typed MM/DD/YYYY, kept in the address as MM-DD-YYYY; an impossible date says so on the field. */
function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (address: string) => void }) {
  const [typed, setTyped] = useState(addressDateToTyped(value));
  const [error, setError] = useState(false);
  useEffect(() => setTyped(addressDateToTyped(value)), [value]);
  const commit = () => {
    if (!typed.trim()) {
      setError(false);
      onChange('');
      return;
    }
    const a = typedDateToAddress(typed);
    setError(!a);
    if (a) onChange(a);
  };
  return (
    <TextField
      id={id}
      size="small"
      margin="none"
      label={label}
      placeholder="MM/DD/YYYY"
      value={typed}
      error={error}
      helperText={error ? 'Invalid date' : undefined}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
    />
  );
}

function SelectFilter({
  id,
  label,
  value,
  onChange,
  options,
  width,
  anyLabel = 'Any',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  width: number;
  anyLabel?: string;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: width }}>
      <InputLabel id={id} shrink>
        {label}
      </InputLabel>
      <Select labelId={id} label={label} notched displayEmpty value={value} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="">{anyLabel}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Department, visa type (processed state), status, premium processing, end date range and "ending soon". */
export function ScholarDashboardFilters({
  values,
  onChange,
  endingSoonDays,
}: {
  values: TScholarFilterValues;
  onChange: (patch: Partial<TScholarFilterValues>) => void;
  endingSoonDays?: number;
}) {
  const departments = useDepartments();
  const active = Object.values(values).some((v) => v !== '');
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <SelectFilter
        id="sd-dept"
        label="Department"
        width={220}
        value={values.dept}
        onChange={(dept) => onChange({ dept })}
        anyLabel="All departments"
        options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
      />
      <SelectFilter
        id="sd-visa"
        label="Visa type"
        width={170}
        value={values.visa}
        onChange={(visa) => onChange({ visa })}
        options={VISA_FILTER_OPTIONS}
      />
      <SelectFilter
        id="sd-status"
        label="Status"
        width={170}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={SCHOLAR_STATUSES.map((s) => ({ value: s.code, label: s.label }))}
      />
      <SelectFilter
        id="sd-premium"
        label="Premium processing"
        width={170}
        value={values.premium}
        onChange={(premium) => onChange({ premium })}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
      <DateFilter id="sd-end-from" label="End date from" value={values.endFrom} onChange={(endFrom) => onChange({ endFrom })} />
      <DateFilter id="sd-end-to" label="End date to" value={values.endTo} onChange={(endTo) => onChange({ endTo })} />
      <SelectFilter
        id="sd-soon"
        label="Ending soon"
        width={170}
        value={values.soon}
        onChange={(soon) => onChange({ soon })}
        anyLabel="Any end date"
        options={[{ value: '1', label: endingSoonDays ? `Within ${endingSoonDays} days` : 'Ending soon' }]}
      />
      {active ? (
        <Button onClick={() => onChange(EMPTY_SCHOLAR_FILTERS)} sx={{ mt: 0.5 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}

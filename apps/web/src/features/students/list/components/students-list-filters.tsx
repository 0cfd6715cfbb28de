import { useEffect, useState } from 'react';
import { Box, Button, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { EDUCATION_LEVELS, SEVIS_STATUSES, STUDENT_STAGES, type TStudentStage } from '@meridian/domain';
import { useCampusSites } from '../../../people';
import { addressDateToTyped, typedDateToAddress } from '../../../../ui/url-filters';

/** How the stages read in the list (spec 000 s3 stage keys). */
export const STUDENT_STAGE_NAMES: Record<TStudentStage, string> = {
  invited: 'Invited',
  pre_arrival: 'Pre-arrival',
  check_in: 'Check-in',
  continuing: 'Continuing',
  postcompletion_graduated: 'Post-completion / graduated',
  archived: 'Archived',
};

/** The list's filters as they live in the address (dates MM-DD-YYYY). */
export interface TStudentListFilterValues {
  site: string;
  stage: string;
  level: string;
  major: string;
  sevis: string;
  tag: string;
  endFrom: string;
  endTo: string;
}
export const EMPTY_STUDENT_FILTERS: TStudentListFilterValues = {
  site: '',
  stage: '',
  level: '',
  major: '',
  sevis: '',
  tag: '',
  endFrom: '',
  endTo: '',
};

/** A date typed MM/DD/YYYY, kept in the address as MM-DD-YYYY; an impossible date says so on the field. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (address: string) => void }) {
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
      sx={{ width: 160 }}
      slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
    />
  );
}

/** A text filter applied on Enter or when the field is left (codes and tags are typed exactly). */
function TextFilter({
  label,
  value,
  onChange,
  width,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  width: number;
  placeholder?: string;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const commit = () => {
    if (typed.trim() !== value) onChange(typed.trim());
  };
  return (
    <TextField
      size="small"
      margin="none"
      label={label}
      value={typed}
      placeholder={placeholder}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width }}
      slotProps={{ htmlInput: { maxLength: 60 }, inputLabel: { shrink: true } }}
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
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  width: number;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: width }}>
      <InputLabel id={id} shrink>
        {label}
      </InputLabel>
      <Select labelId={id} label={label} notched displayEmpty value={value} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="">Any</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The Student List's filters: campus site, stage, education level, major, SEVIS status, tag, program end. */
export function StudentsListFilters({
  values,
  onChange,
}: {
  values: TStudentListFilterValues;
  onChange: (patch: Partial<TStudentListFilterValues>) => void;
}) {
  const sites = useCampusSites();
  const active = Object.values(values).some((v) => v !== '');
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <SelectFilter
        id="sl-site"
        label="Campus site"
        width={170}
        value={values.site}
        onChange={(site) => onChange({ site })}
        options={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <SelectFilter
        id="sl-stage"
        label="Stage"
        width={150}
        value={values.stage}
        onChange={(stage) => onChange({ stage })}
        options={STUDENT_STAGES.map((s) => ({ value: s, label: STUDENT_STAGE_NAMES[s] }))}
      />
      <SelectFilter
        id="sl-level"
        label="Education level"
        width={170}
        value={values.level}
        onChange={(level) => onChange({ level })}
        options={EDUCATION_LEVELS.map((l) => ({ value: l.code, label: l.label }))}
      />
      <SelectFilter
        id="sl-sevis"
        label="SEVIS status"
        width={150}
        value={values.sevis}
        onChange={(sevis) => onChange({ sevis })}
        options={SEVIS_STATUSES.map((s) => ({ value: s, label: s }))}
      />
      <TextFilter
        label="Major (CIP code)"
        placeholder="e.g. 11.0701"
        width={160}
        value={values.major}
        onChange={(major) => onChange({ major })}
      />
      <TextFilter label="Tag" width={140} value={values.tag} onChange={(tag) => onChange({ tag })} />
      <DateFilter label="Program end from" value={values.endFrom} onChange={(endFrom) => onChange({ endFrom })} />
      <DateFilter label="Program end to" value={values.endTo} onChange={(endTo) => onChange({ endTo })} />
      {active ? (
        <Button onClick={() => onChange(EMPTY_STUDENT_FILTERS)} sx={{ mt: 0.5 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}

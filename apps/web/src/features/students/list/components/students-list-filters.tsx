import { Box, Button } from '@mui/material';
import { EDUCATION_LEVELS, SEVIS_STATUSES, STUDENT_STAGE_LABELS, STUDENT_STAGES } from '@meridian/domain';
import { useListCampusSites } from '../../../people';
import { DateFilter, SelectFilter, TextFilter } from '../../../../ui/data-table';

/** How the stages read: the one vocabulary of student stages (catalog/statuses.ts). */
export const STUDENT_STAGE_NAMES = STUDENT_STAGE_LABELS;

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

/** The Student List's filters: campus site, stage, education level, major, SEVIS status, tag, program end. */
export function StudentsListFilters({
  values,
  onChange,
}: {
  values: TStudentListFilterValues;
  onChange: (patch: Partial<TStudentListFilterValues>) => void;
}) {
  const sites = useListCampusSites();
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
      <DateFilter width={160} label="Program end from" value={values.endFrom} onChange={(endFrom) => onChange({ endFrom })} />
      <DateFilter width={160} label="Program end to" value={values.endTo} onChange={(endTo) => onChange({ endTo })} />
      {active ? (
        <Button onClick={() => onChange(EMPTY_STUDENT_FILTERS)} sx={{ mt: 0.5 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}

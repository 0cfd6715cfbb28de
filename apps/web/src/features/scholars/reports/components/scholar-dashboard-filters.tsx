import { Box, Button } from '@mui/material';
import { PROCESSED_STATE_LABELS, PROCESS_AS, SCHOLAR_STATUSES } from '@meridian/domain';
import { DateFilter, SelectFilter } from '../../../../ui/data-table';
import { useListDepartments } from '../../../people';

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
const VISA_FILTER_OPTIONS = [
  ...PROCESS_AS.map((v) => ({ value: v, label: PROCESSED_STATE_LABELS[v] ?? v })),
  { value: 'none', label: 'Not yet processed' },
];

/** Department, visa type (processed state), status, premium processing, end date range and "ending soon". */
export function ScholarDashboardFilters({
  values,
  onChange,
}: {
  values: TScholarFilterValues;
  onChange: (patch: Partial<TScholarFilterValues>) => void;
}) {
  const departments = useListDepartments();
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
        options={[{ value: '1', label: 'Ending soon' }]}
      />
      {active ? (
        <Button onClick={() => onChange(EMPTY_SCHOLAR_FILTERS)} sx={{ mt: 0.5 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}

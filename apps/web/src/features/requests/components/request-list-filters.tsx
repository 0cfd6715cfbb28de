import { Box, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, REVIEW_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';
import { DateFilter, SearchField, SelectFilter } from '../../../ui/data-table';
import { useListRequestTypes } from '../api/list-request-types';
import { REQUEST_TABS } from './request-tabs';

/** The request list's filters as they live in the address (dates MM-DD-YYYY). */
export const REQUEST_LIST_FILTERS = { status: '', type: '', assigned: 'anyone', review: '', q: '', from: '', to: '' };
export type TRequestListFilters = typeof REQUEST_LIST_FILTERS;

/** Search, status, type, assignee, review status and the submitted date range of the staff request list. */
export function RequestListFilters({
  filters,
  currentTab,
  onChange,
  searchHint = 'Name, e-mail or request #',
  children,
}: {
  filters: TRequestListFilters;
  /** What the keyword finds, in the list's words (the Student Request List finds students). */
  searchHint?: string;
  /** The status tab the filters match, null when the status is not one of the tabs. */
  currentTab: string | null;
  onChange: (patch: Partial<TRequestListFilters>) => void;
  children?: React.ReactNode;
}) {
  const types = useListRequestTypes();
  return (
    <Box
      role="search"
      aria-label="Filter requests"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1, alignItems: 'flex-start' }}
    >
      <SearchField value={filters.q} onChange={(q) => onChange({ q })} placeholder={searchHint} sx={{ flex: '1 1 260px', maxWidth: 360 }} />
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id="rq-status" shrink>
          Status
        </InputLabel>
        <Select
          labelId="rq-status"
          label="Status"
          notched
          value={currentTab === null ? filters.status : filters.status.includes(',') ? '' : filters.status}
          onChange={(e) => onChange({ status: e.target.value })}
          displayEmpty
          renderValue={(v) =>
            v ? (REQUEST_STATUS_LABELS[v as TRequestStatus] ?? 'Several') : (REQUEST_TABS.find((t) => t.key === currentTab)?.label ?? 'Any')
          }
        >
          <MenuItem value="">Any</MenuItem>
          {REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {REQUEST_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <SelectFilter
        id="rq-type"
        label="Request type"
        width={220}
        anyLabel="Any type"
        value={filters.type}
        onChange={(type) => onChange({ type })}
        options={(types.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
      />
      <SelectFilter
        id="rq-assigned"
        label="Assigned to"
        width={150}
        anyLabel={null}
        value={filters.assigned}
        onChange={(assigned) => onChange({ assigned })}
        options={[
          { value: 'anyone', label: 'Anyone' },
          { value: 'me', label: 'Me' },
          { value: 'unassigned', label: 'Unassigned' },
        ]}
      />
      <SelectFilter
        id="rq-review"
        label="Review status"
        width={170}
        value={filters.review}
        onChange={(review) => onChange({ review })}
        options={REVIEW_STATUS_LABELS.map((l, i) => ({ value: String(i), label: l }))}
      />
      <DateFilter label="Submitted from" value={filters.from} onChange={(from) => onChange({ from })} />
      <DateFilter label="Submitted to" value={filters.to} onChange={(to) => onChange({ to })} />
      <Box sx={{ flex: '1 1 auto' }} />
      {children}
    </Box>
  );
}

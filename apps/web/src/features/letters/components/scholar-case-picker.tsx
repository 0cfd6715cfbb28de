import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

type TCase = scholarsApi.TScholarDashboardItem;

/** Choose a scholar case, searched on the server by the scholar's name or e-mail (the scholar dashboard's search). */
export function ScholarCasePicker({
  value,
  onChange,
  label = 'Scholar case',
}: {
  value: TCase | null;
  onChange: (c: TCase | null) => void;
  label?: string;
}) {
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: ['letters', 'scholar-case-picker', q],
    queryFn: ({ signal }) => apiCall(scholarsApi.listScholarDashboard, { query: { q, pageSize: 10, sort: 'name', order: 'asc' }, signal }),
    placeholderData: keepPreviousData,
    enabled: q.trim().length >= 2,
  });
  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      options={list.data?.items ?? []}
      value={value}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v) => setQ(v)}
      filterOptions={(o) => o}
      getOptionLabel={(c) => `${c.lastName}, ${c.firstName} · ${c.processedState || c.proposedStatus} · ${c.department.name}`}
      isOptionEqualToValue={(a, b) => a.applicationId === b.applicationId}
      loading={list.isFetching}
      noOptionsText={q.trim().length < 2 ? 'Type at least 2 letters of a name' : 'No scholar case found'}
      renderInput={(params) => <TextField {...params} label={label} helperText="Search by the scholar's name or e-mail" />}
    />
  );
}

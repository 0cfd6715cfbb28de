import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

type TStudent = studentsApi.TStudentListItem;

/** Choose a student record the caller reaches, searched on the server by name, e-mail, SEVIS or campus id. */
export function StudentPicker({
  value,
  onChange,
  label = 'Student',
}: {
  value: TStudent | null;
  onChange: (s: TStudent | null) => void;
  label?: string;
}) {
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: ['letters', 'student-picker', q],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudents, { query: { title: 'all', q, pageSize: 10 }, signal }),
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
      getOptionLabel={(s) => `${s.lastName}, ${s.firstName}${s.sevisId ? ` (${s.sevisId})` : ''} · ${s.visaType}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={list.isFetching}
      noOptionsText={q.trim().length < 2 ? 'Type at least 2 letters of a name' : 'No student found'}
      renderInput={(params) => <TextField {...params} label={label} helperText="Search by name, e-mail, SEVIS ID or campus ID" />}
    />
  );
}

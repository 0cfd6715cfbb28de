import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * Choose one record found by a search on the server (the list's own search, so only records the user
 * reaches are offered): the options are the first page of matches for what is typed, from two letters.
 */
export function ServerSearchPicker<T>(p: {
  /** Names the search in the query cache (with what is typed). */
  queryKey: readonly unknown[];
  search: (q: string, signal: AbortSignal) => Promise<T[]>;
  value: T | null;
  onChange: (v: T | null) => void;
  optionLabel: (v: T) => string;
  optionId: (v: T) => string;
  label: string;
  helperText: string;
  /** Shown when nothing matches. */
  noneFound: string;
}) {
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: [...p.queryKey, q],
    queryFn: ({ signal }) => p.search(q, signal),
    placeholderData: keepPreviousData,
    enabled: q.trim().length >= 2,
  });
  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      options={list.data ?? []}
      value={p.value}
      onChange={(_e, v) => p.onChange(v)}
      onInputChange={(_e, v) => setQ(v)}
      filterOptions={(o) => o}
      getOptionLabel={p.optionLabel}
      isOptionEqualToValue={(a, b) => p.optionId(a) === p.optionId(b)}
      loading={list.isFetching}
      noOptionsText={q.trim().length < 2 ? 'Type at least 2 letters of a name' : p.noneFound}
      renderInput={(params) => <TextField {...params} label={p.label} helperText={p.helperText} />}
    />
  );
}

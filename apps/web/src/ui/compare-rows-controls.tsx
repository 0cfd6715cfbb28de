import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import { useFormatDates } from '../app/office-dates';
import {
  DataTable,
  SearchField,
  SelectFilter,
  type TColumn,
  type TFilterOption,
  type TListQueryState,
  type TPaging,
  type TSorting,
} from './data-table';
import { PageHeader } from './page-header';

/** A copy of `set` with `id` taken out when it was in, put in when it was not (a row's checkbox). */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The tabs over the rows of a feed compared with Meridian, one per outcome of the comparison, each with its label and count. */
export function CompareTabs({
  value,
  tabs,
  onChange,
}: {
  value: string;
  tabs: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_, v: string) => onChange(v)}
      aria-label="Rows by comparison"
      variant="scrollable"
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((t) => (
        <Tab key={t.value} value={t.value} label={t.label} />
      ))}
    </Tabs>
  );
}

/** The filters the compared rows take (a compared field, a search) and what the page does with the selected ones, at the right. */
export function CompareFilterBar({
  table,
  fieldId,
  fieldLabel,
  fieldOptions,
  searchLabel,
  children,
}: {
  /** The page's filters in its address: the field and the search. */
  table: { filters: { field: string; q: string }; setFilters: (patch: { field?: string; q?: string }) => void };
  fieldId: string;
  fieldLabel: string;
  fieldOptions: readonly TFilterOption[];
  searchLabel: string;
  children: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
      <SelectFilter
        id={fieldId}
        label={fieldLabel}
        value={table.filters.field}
        onChange={(v) => table.setFilters({ field: v })}
        options={fieldOptions}
        width={220}
      />
      <SearchField
        label={searchLabel}
        value={table.filters.q}
        onChange={(v) => table.setFilters({ q: v })}
        // In a column (a phone) the basis would be a height: the field keeps its own.
        sx={{ flex: { xs: 'none', sm: '1 1 280px' }, maxWidth: { sm: 420 } }}
      />
      <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
      {children}
    </Stack>
  );
}

/**
 * The heading of a feed compared with Meridian: the feed's name, who sent it when, its rows (and `detail`), the
 * columns it did not read; its status and the way back to the list on the right.
 */
export function FeedComparisonHeader({
  title,
  imp,
  detail,
  status,
  back,
}: {
  /** The page's name ("Active Student Import"). */
  title: string;
  imp: { fileName: string; createdBy: string; createdAt: string; rowCount: number; ignoredColumns: readonly string[] };
  /** Said after the rows ("3 of 5 changes to decide"). */
  detail?: string | undefined;
  status: ReactNode;
  back: { to: string; label: string };
}) {
  const { formatDateTime } = useFormatDates();
  return (
    <PageHeader
      title={`${title}: ${imp.fileName}`}
      subtitle={`Sent by ${imp.createdBy} on ${formatDateTime(imp.createdAt)} · ${imp.rowCount.toLocaleString('en-US')} rows${detail ? ` · ${detail}` : ''}${imp.ignoredColumns.length ? ` · columns not read: ${imp.ignoredColumns.join(', ')}` : ''}`}
      actions={
        <>
          {status}
          <Button component={RouterLink} to={back.to}>
            {back.label}
          </Button>
        </>
      }
    />
  );
}

/** The rows of a feed compared with Meridian, a page at a time (opened under a row by `expansion`, when given). */
export function CompareRowsTable<R extends { id: string }>({
  label,
  columns,
  rows,
  paging,
  rowProps,
  expansion,
  sorting,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly TColumn<R>[];
  /** The rows' query: a page of them and their total. */
  rows: TListQueryState & { data?: { items: readonly R[]; total: number } | undefined };
  paging: TPaging;
  rowProps?: ((row: R) => { selected: boolean }) | undefined;
  expansion?: ((row: R) => ReactNode) | undefined;
  sorting?: TSorting | undefined;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows.data?.items}
      rowKey={(r) => r.id}
      {...(rowProps ? { rowProps } : {})}
      {...(expansion ? { expansion } : {})}
      query={rows}
      loadingLabel="Loading rows"
      empty="No rows here."
      minWidth={960}
      total={rows.data?.total ?? 0}
      paging={paging}
      sorting={sorting}
    />
  );
}

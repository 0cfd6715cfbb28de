import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Checkbox, Chip, IconButton, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { ACTIVE_IMPORT_COMPARED_FIELDS, activeImportFieldLabel, studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { snack } from '../../../../ui/notify';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { visuallyHidden } from '../../../../ui/visually-hidden';
import { useActiveImportRows, useExcludeRows, useGetActiveImport } from '../api/active-imports';
import { ActiveImportStatusChip } from '../components/active-import-status-chip';
import { ApplyPanel } from '../components/apply-panel';
import { changesText, RowSideBySide } from '../components/row-side-by-side';

type TRow = studentsApi.TActiveImportRow;
const L = studentsApi.ACTIVE_IMPORT_CLASS_LABELS;
const TABS = ['changed', 'unchanged', 'not_found', 'absent', 'conflict', 'not_yours', 'all'] as const;
const FIELD_OPTIONS = ACTIVE_IMPORT_COMPARED_FIELDS.map((f) => ({ value: f, label: activeImportFieldLabel(f) }));
const OUTCOME = {
  applied: { label: 'Applied', color: 'success' },
  skipped: { label: 'Skipped', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
} as const;
const CLASS_CHIP: Record<studentsApi.TActiveImportClass, 'default' | 'info' | 'warning' | 'error'> = {
  changed: 'info',
  unchanged: 'default',
  not_found: 'warning',
  absent: 'warning',
  conflict: 'error',
  not_yours: 'default',
};
const toggled = (set: Set<string>, id: string) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** #/isss/active-student-import-list/:importId: a feed side by side with the records; leave rows out, then apply. */
export function ActiveImportDetailPage() {
  useDocumentTitle('Active Student Import');
  const { importId = '' } = useParams();
  const imp = useGetActiveImport(importId);
  if (imp.isPending) return <PageLoader />;
  if (imp.isError) return <Alert severity="error">This import was not found.</Alert>;
  return <Detail imp={imp.data} />;
}

function Detail({ imp }: { imp: studentsApi.TActiveImportSummary }) {
  const { formatDateTime } = useFormatDates();
  const table = useUrlTable({ filters: { class: 'changed', field: '', q: '' }, pageSize: 25, pageSizes: [25, 50, 100, 200] });
  const cls = (TABS as readonly string[]).includes(table.filters.class) ? (table.filters.class as (typeof TABS)[number]) : 'changed';
  const query = {
    page: table.page,
    pageSize: table.pageSize,
    class: cls,
    ...(table.filters.field ? { field: table.filters.field as studentsApi.TActiveImportRowsQuery['field'] } : {}),
    ...(table.filters.q ? { q: table.filters.q } : {}),
  };
  const rows = useActiveImportRows(imp.id, query);
  const exclude = useExcludeRows(imp.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Set<string>>(new Set());
  const selectable = (r: TRow) => imp.status !== 'discarded' && r.class === 'changed' && r.outcome === null;
  const page = rows.data?.items ?? [];
  const pageSelectable = page.filter(selectable);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((r) => selected.has(r.id));
  const setExcluded = (excluded: boolean) =>
    exclude.mutate(
      { rowIds: [...selected], excluded },
      {
        onSuccess: (out) => {
          setSelected(new Set());
          snack(
            `${out.updated.toLocaleString('en-US')} row${out.updated === 1 ? '' : 's'} ${excluded ? 'left out' : 'taken back'}.`,
            'success',
          );
        },
        onError: (e) => snack(isApiError(e) ? e.message : 'The rows could not be changed.', 'error'),
      },
    );

  const columns: TColumn<TRow>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: (
        <Checkbox
          slotProps={{ input: { 'aria-label': 'Select every row of this page with changes' } }}
          checked={allOnPage}
          disabled={!pageSelectable.length}
          onChange={() =>
            setSelected((s) => {
              const next = new Set(s);
              pageSelectable.forEach((r) => (allOnPage ? next.delete(r.id) : next.add(r.id)));
              return next;
            })
          }
        />
      ),
      cell: (r) =>
        selectable(r) ? (
          <Checkbox
            checked={selected.has(r.id)}
            onChange={() => setSelected((s) => toggled(s, r.id))}
            slotProps={{ input: { 'aria-label': `Select ${r.rowNo === null ? r.name : `row ${r.rowNo}`}` } }}
          />
        ) : null,
    },
    { key: 'row', header: 'Row', cell: (r) => r.rowNo ?? '—' },
    {
      key: 'student',
      header: 'Student',
      isRowHeader: true,
      cell: (r) =>
        r.profileId ? (
          <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`}>
            {r.name || r.sevisId}
          </Link>
        ) : (
          r.name || '—'
        ),
    },
    {
      key: 'ids',
      header: 'SEVIS ID / campus ID',
      sx: { fontFamily: 'monospace' },
      cell: (r) => [r.sevisId, r.campusId].filter(Boolean).join(' / ') || '—',
    },
    {
      key: 'class',
      header: 'Comparison',
      cell: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {r.outcome ? (
            <Chip size="small" variant="outlined" color={OUTCOME[r.outcome].color} label={OUTCOME[r.outcome].label} />
          ) : (
            <Chip size="small" variant="outlined" color={CLASS_CHIP[r.class]} label={L[r.class]} />
          )}
          {r.excluded && !r.outcome ? <Chip size="small" variant="outlined" label="Left out" /> : null}
        </Stack>
      ),
    },
    {
      key: 'what',
      header: 'What differs',
      sx: { maxWidth: 460 },
      cell: (r) => (
        <>
          {r.outcomeMessage || r.message ? (
            <Typography variant="body2" color={r.outcome === 'failed' || r.class === 'conflict' ? 'error' : 'text.primary'}>
              {r.outcomeMessage || r.message}
            </Typography>
          ) : null}
          {r.class === 'changed' || r.class === 'conflict' ? <Typography variant="body2">{changesText(r)}</Typography> : null}
        </>
      ),
    },
    {
      key: 'details',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Details
        </Box>
      ),
      cell: (r) => {
        const expanded = open.has(r.id);
        const what = r.rowNo === null ? r.name : `row ${r.rowNo}`;
        return (
          <IconButton
            size="small"
            aria-label={expanded ? `Hide ${what} side by side` : `Show ${what} side by side`}
            aria-expanded={expanded}
            onClick={() => setOpen((s) => toggled(s, r.id))}
          >
            {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        );
      },
    },
  ];

  return (
    <Box>
      <PageHeader
        title={`Active Student Import: ${imp.fileName}`}
        subtitle={`Sent by ${imp.createdBy} on ${formatDateTime(imp.createdAt)} · ${imp.rowCount.toLocaleString('en-US')} rows${imp.ignoredColumns.length ? ` · columns not read: ${imp.ignoredColumns.join(', ')}` : ''}`}
        actions={
          <>
            <ActiveImportStatusChip status={imp.status} />
            <Button component={RouterLink} to="/isss/active-student-import-list">
              All imports
            </Button>
          </>
        }
      />
      <ApplyPanel imp={imp} />
      <Paper variant="outlined">
        <Tabs
          value={cls}
          onChange={(_, v: string) => {
            setSelected(new Set());
            table.setFilters({ class: v });
          }}
          aria-label="Rows by comparison"
          variant="scrollable"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((c) => (
            <Tab key={c} value={c} label={c === 'all' ? 'All rows' : `${L[c]} (${imp.counts[c].toLocaleString('en-US')})`} />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <SelectFilter
            id="active-import-field"
            label="Field that changes"
            value={table.filters.field}
            onChange={(v) => table.setFilters({ field: v })}
            options={FIELD_OPTIONS}
            width={220}
          />
          <SearchField
            label="Name, SEVIS ID, campus ID or e-mail"
            value={table.filters.q}
            onChange={(v) => table.setFilters({ q: v })}
            // In a column (a phone) the basis would be a height: the field keeps its own.
            sx={{ flex: { xs: 'none', sm: '1 1 280px' }, maxWidth: { sm: 420 } }}
          />
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
          <Button variant="outlined" disabled={!selected.size || exclude.isPending} onClick={() => setExcluded(true)}>
            Leave out selected ({selected.size})
          </Button>
          <Button disabled={!selected.size || exclude.isPending} onClick={() => setExcluded(false)}>
            Take back selected
          </Button>
        </Stack>
        <DataTable
          label="Feed rows compared with the student records"
          columns={columns}
          rows={rows.data?.items}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ selected: selected.has(r.id) })}
          expansion={(r) => (open.has(r.id) ? <RowSideBySide row={r} /> : null)}
          query={rows}
          loadingLabel="Loading rows"
          empty="No rows here."
          minWidth={960}
          total={rows.data?.total ?? 0}
          paging={table.paging}
        />
      </Paper>
    </Box>
  );
}

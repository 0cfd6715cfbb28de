import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Checkbox, Chip, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { ACTIVE_IMPORT_COMPARED_FIELDS, activeImportFieldLabel, studentsApi } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { CompareFilterBar, CompareRowsTable, CompareTabs, FeedComparisonHeader, toggled } from '../../../../ui/compare-rows-controls';
import { useUrlTable, type TColumn } from '../../../../ui/data-table';
import { snack } from '../../../../ui/notify';
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
      <FeedComparisonHeader
        title="Active Student Import"
        imp={imp}
        status={<ActiveImportStatusChip status={imp.status} />}
        back={{ to: '/isss/active-student-import-list', label: 'All imports' }}
      />
      <ApplyPanel imp={imp} />
      <Paper variant="outlined">
        <CompareTabs
          value={cls}
          tabs={TABS.map((c) => ({ value: c, label: c === 'all' ? 'All rows' : `${L[c]} (${imp.counts[c].toLocaleString('en-US')})` }))}
          onChange={(v) => {
            setSelected(new Set());
            table.setFilters({ class: v });
          }}
        />
        <CompareFilterBar
          table={table}
          fieldId="active-import-field"
          fieldLabel="Field that changes"
          fieldOptions={FIELD_OPTIONS}
          searchLabel="Name, SEVIS ID, campus ID or e-mail"
        >
          <Button variant="outlined" disabled={!selected.size || exclude.isPending} onClick={() => setExcluded(true)}>
            Leave out selected ({selected.size})
          </Button>
          <Button disabled={!selected.size || exclude.isPending} onClick={() => setExcluded(false)}>
            Take back selected
          </Button>
        </CompareFilterBar>
        <CompareRowsTable
          label="Feed rows compared with the student records"
          columns={columns}
          rows={rows}
          paging={table.paging}
          rowProps={(r) => ({ selected: selected.has(r.id) })}
          expansion={(r) => (open.has(r.id) ? <RowSideBySide row={r} /> : null)}
        />
      </Paper>
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Checkbox, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { HR_COMPARED_FIELDS, hrFieldKind, hrFieldLabel, scholarsApi } from '@meridian/domain';
import { formatDay, useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { CompareFilterBar, CompareRowsTable, CompareTabs, FeedComparisonHeader, toggled } from '../../../../ui/compare-rows-controls';
import { useUrlTable, type TColumn } from '../../../../ui/data-table';
import { snack } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import { useDecideHrChanges, useGetHrImport, useHrImportRows } from '../api/hr-updates';
import { HrImportStatusChip } from '../components/hr-import-status-chip';

type TRow = scholarsApi.THrRow;
type TChange = scholarsApi.THrChange;
const VIEWS = scholarsApi.HR_ROW_VIEWS;
const FIELD_OPTIONS = HR_COMPARED_FIELDS.map((f) => ({ value: f, label: hrFieldLabel(f) }));
const CLASS_CHIP: Record<scholarsApi.THrRowClass, 'default' | 'info' | 'warning'> = {
  changed: 'info',
  unchanged: 'default',
  not_found: 'warning',
  no_case: 'warning',
  not_yours: 'default',
};
const n = (x: number) => x.toLocaleString('en-US');

/** A value as the office reads it: dates MM/DD/YYYY (from the ISO string, never through new Date()), '—' for none. */
const shown = (c: TChange, v: string | null) => (v === null || v === '' ? '—' : hrFieldKind(c.field) === 'date' ? formatDay(v) || v : v);

/** #/admin/scholar-SIS-requests-compare/:importId: HR's feed beside the cases; accept or reject each change. */
export function HrComparePage() {
  useDocumentTitle('Scholar HR Updates');
  const { importId = '' } = useParams();
  const imp = useGetHrImport(importId);
  if (imp.isPending) return <PageLoader />;
  if (imp.isError) return <Alert severity="error">This comparison was not found.</Alert>;
  return <Compare imp={imp.data} />;
}

function Compare({ imp }: { imp: scholarsApi.THrImportSummary }) {
  const { formatDateTime } = useFormatDates();
  const [search] = useSearchParams();
  const table = useUrlTable({
    filters: { view: 'differences', field: '', q: '' },
    sorts: scholarsApi.HR_ROW_SORTS,
    sort: 'row',
    order: 'asc',
    orderKey: 'dir',
    pageSize: 25,
    pageSizes: [25, 50, 100, 200],
  });
  const view = (VIEWS as readonly string[]).includes(table.filters.view) ? (table.filters.view as scholarsApi.THrRowView) : 'differences';
  const rows = useHrImportRows(imp.id, {
    page: table.page,
    pageSize: table.pageSize,
    view,
    sort: table.sort,
    dir: table.order,
    ...(table.filters.field ? { field: table.filters.field as scholarsApi.THrRowsQuery['field'] } : {}),
    ...(table.filters.q ? { q: table.filters.q } : {}),
  });
  const decide = useDecideHrChanges(imp.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[]; decision: 'accept' | 'reject' } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = (rows.data?.items ?? []).flatMap((r) => r.changes.filter((c) => c.decision === null));
  const openIds = open.map((c) => c.id);
  const allOnPage = openIds.length > 0 && openIds.every((id) => selected.has(id));
  const toggle = (id: string) => setSelected((s) => toggled(s, id));

  const run = (ids: string[], decision: 'accept' | 'reject') => {
    setProblem(null);
    decide.mutate(
      { changeIds: ids, decision },
      {
        onSuccess: (out) => {
          setSelected(new Set());
          setConfirm(null);
          snack(
            decision === 'accept'
              ? `${n(out.accepted)} change${out.accepted === 1 ? '' : 's'} accepted; ${n(out.cases)} case${out.cases === 1 ? '' : 's'} updated.`
              : `${n(out.rejected)} change${out.rejected === 1 ? '' : 's'} rejected.`,
            'success',
          );
        },
        onError: (e) => {
          setConfirm(null);
          setProblem(isApiError(e) ? e.message : 'The changes could not be saved; check your connection and try again.');
        },
      },
    );
  };

  const changeLine = (r: TRow, c: TChange) => (
    <Stack key={c.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.25 }}>
      {c.decision === null ? (
        <Checkbox
          size="small"
          checked={selected.has(c.id)}
          onChange={() => toggle(c.id)}
          slotProps={{ input: { 'aria-label': `Select ${c.label} of row ${r.rowNo}` } }}
        />
      ) : null}
      <Typography variant="body2" component="span" sx={{ minWidth: 160 }}>
        <strong>{c.label}</strong>: {shown(c, c.current)} → <strong>{shown(c, c.hr)}</strong>
      </Typography>
      {c.decision ? (
        <Chip
          size="small"
          variant="outlined"
          color={c.decision === 'accepted' ? 'success' : 'default'}
          label={`${c.decision === 'accepted' ? 'Accepted' : 'Rejected'}${c.decidedBy ? ` by ${c.decidedBy}` : ''}${c.decidedAt ? `, ${formatDateTime(c.decidedAt)}` : ''}`}
        />
      ) : (
        <>
          <Button
            size="small"
            variant="outlined"
            disabled={decide.isPending || !!c.note}
            onClick={() => run([c.id], 'accept')}
            aria-label={`Accept ${c.label} of row ${r.rowNo}`}
          >
            Accept
          </Button>
          <Button
            size="small"
            disabled={decide.isPending}
            onClick={() => run([c.id], 'reject')}
            aria-label={`Reject ${c.label} of row ${r.rowNo}`}
          >
            Reject
          </Button>
        </>
      )}
      {c.note ? (
        <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {c.note}
        </Typography>
      ) : null}
    </Stack>
  );

  const columns: TColumn<TRow>[] = [
    { key: 'row', header: 'Row', sort: 'row', cell: (r) => r.rowNo },
    {
      key: 'scholar',
      header: 'Scholar',
      sort: 'name',
      isRowHeader: true,
      cell: (r) =>
        r.applicationId ? (
          <Link component={RouterLink} to={`/admin/scholar-profile/${r.applicationId}`}>
            {r.name || r.employeeId}
          </Link>
        ) : (
          r.name || '—'
        ),
    },
    { key: 'employeeId', header: 'Employee ID', sort: 'employeeId', sx: { fontFamily: 'monospace' }, cell: (r) => r.employeeId },
    {
      key: 'class',
      header: 'Comparison',
      cell: (r) => <Chip size="small" variant="outlined" color={CLASS_CHIP[r.class]} label={scholarsApi.HR_ROW_CLASS_LABELS[r.class]} />,
    },
    {
      key: 'changes',
      header: 'In Meridian → in HR',
      sx: { minWidth: 420 },
      cell: (r) =>
        r.changes.length ? (
          <Box>{r.changes.map((c) => changeLine(r, c))}</Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {r.message || 'Nothing differs.'}
          </Typography>
        ),
    },
  ];

  return (
    <Box>
      <FeedComparisonHeader
        title="Scholar HR Updates"
        imp={imp}
        detail={`${n(imp.changes.pending)} of ${n(imp.changes.total)} changes to decide`}
        status={<HrImportStatusChip status={imp.status} />}
        back={{ to: '/admin/scholar-SIS-requests', label: 'All comparisons' }}
      />
      {search.get('repeat') ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You sent this feed before and nothing it compared has changed since: this is that comparison, with the decisions already made.
        </Alert>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <CompareTabs
          value={view}
          tabs={VIEWS.map((v) => ({
            value: v,
            label: `${scholarsApi.HR_ROW_VIEW_LABELS[v]}${rows.data ? ` (${n(rows.data.views[v])})` : ''}`,
          }))}
          onChange={(v) => {
            setSelected(new Set());
            table.setFilters({ view: v });
          }}
        />
        <CompareFilterBar
          table={table}
          fieldId="hr-compare-field"
          fieldLabel="Field that differs"
          fieldOptions={FIELD_OPTIONS}
          searchLabel="Name, employee ID or e-mail"
        >
          <Checkbox
            checked={allOnPage}
            disabled={!openIds.length}
            onChange={() => setSelected(allOnPage ? new Set() : new Set(openIds))}
            slotProps={{ input: { 'aria-label': 'Select every change to decide on this page' } }}
          />
          <Button
            variant="contained"
            disabled={!selected.size || decide.isPending}
            onClick={() => setConfirm({ ids: [...selected], decision: 'accept' })}
          >
            Accept selected ({selected.size})
          </Button>
          <Button
            variant="outlined"
            disabled={!selected.size || decide.isPending}
            onClick={() => setConfirm({ ids: [...selected], decision: 'reject' })}
          >
            Reject selected
          </Button>
        </CompareFilterBar>
        <CompareRowsTable
          label="HR feed rows compared with the scholar cases"
          columns={columns}
          rows={rows}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
      <ConfirmDialog
        open={!!confirm}
        title={confirm?.decision === 'accept' ? 'Accept the selected changes?' : 'Reject the selected changes?'}
        message={
          confirm?.decision === 'accept'
            ? `${n(confirm.ids.length)} change${confirm.ids.length === 1 ? '' : 's'} will be written to the scholar cases, each case's History Log telling it came from HR. A change is decided once.`
            : `${n(confirm?.ids.length ?? 0)} change${confirm?.ids.length === 1 ? '' : 's'} will be kept out of the cases. A change is decided once.`
        }
        confirmLabel={confirm?.decision === 'accept' ? 'Accept' : 'Reject'}
        busy={decide.isPending}
        onConfirm={() => confirm && run(confirm.ids, confirm.decision)}
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}

import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Typography } from '@mui/material';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { STEM_REPORT_KIND_LABELS, studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { useListStemReports } from '../api/opt';
import { MarkReceivedDialog } from '../components/mark-received-dialog';
import { daysText } from '../components/opt-format';
import { ReportStatusChip } from '../components/report-status-chip';

const FILTERS = { q: '', status: '', kind: '' };
const STATUS_OPTIONS = [
  { value: 'open', label: 'Due or overdue' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: 'Due within 30 days' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'received', label: 'Received' },
];

/** #/isss/stem-report-participation (OPT Management > STEM Report Participation). */
export function StemReportsPage() {
  const { formatDate } = useFormatDates();
  useDocumentTitle('STEM Report Participation');
  const table = useUrlTable({ filters: FILTERS, sorts: studentsApi.STEM_REPORT_SORTS, sort: 'dueDate', order: 'asc' });
  const { filters, setFilters } = table;
  const query: studentsApi.TListStemReportsQuery = useMemo(
    () => ({
      q: filters.q || undefined,
      status: STATUS_OPTIONS.find((o) => o.value === filters.status)?.value as studentsApi.TListStemReportsQuery['status'],
      kind: filters.kind === 'validation_report' || filters.kind === 'evaluation' ? filters.kind : undefined,
      sort: table.sort,
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListStemReports(query);
  const [marking, setMarking] = useState<studentsApi.TStemReport | null>(null);

  const columns: TColumn<studentsApi.TStemReport>[] = [
    {
      key: 'name',
      header: 'Student',
      sort: 'name',
      isRowHeader: true,
      cell: (r) => (
        <>
          <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`} sx={{ fontWeight: 600 }}>
            {r.lastName}, {r.firstName}
          </Link>
          <Typography variant="caption" component="div" color="text.secondary">
            {r.sevisId}
            {r.stemStart ? ` · STEM ${formatDate(r.stemStart)} – ${formatDate(r.stemEnd)}` : ''}
          </Typography>
        </>
      ),
    },
    {
      key: 'employer',
      header: 'STEM employer',
      cell: (r) =>
        r.employerName || (
          <Typography variant="body2" color="text.secondary" component="span">
            Not reported
          </Typography>
        ),
    },
    { key: 'kind', header: 'Report', cell: (r) => STEM_REPORT_KIND_LABELS[r.kind] },
    {
      key: 'due',
      header: 'Due',
      sort: 'dueDate',
      noWrap: true,
      cell: (r) => (
        <>
          {formatDate(r.dueDate)}
          {r.status !== 'received' ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {r.submitBy !== r.dueDate ? `to the office by ${formatDate(r.submitBy)}, ${daysText(r.daysLeft)}` : daysText(r.daysLeft)}
            </Typography>
          ) : null}
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => <ReportStatusChip status={r.status} /> },
    {
      key: 'received',
      header: 'Received',
      cell: (r) => (
        <>
          {formatDate(r.receivedOn) || '—'}
          {r.notes ? (
            <Typography variant="caption" component="div" color="text.secondary" sx={{ maxWidth: 220 }}>
              {r.notes}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) =>
        r.status !== 'received' && r.canEdit ? (
          <Button
            size="small"
            variant={r.status === 'upcoming' ? 'text' : 'outlined'}
            startIcon={<TaskAltOutlined />}
            onClick={() => setMarking(r)}
            sx={{ whiteSpace: 'nowrap' }}
            aria-label={`Mark ${STEM_REPORT_KIND_LABELS[r.kind]} of ${r.firstName} ${r.lastName} due ${formatDate(r.dueDate)} received`}
          >
            Mark received
          </Button>
        ) : null,
    },
  ];

  return (
    <Box>
      <PageHeader
        title="STEM Report Participation"
        subtitle="Six-month validation reports and annual I-983 evaluations of STEM OPT students, counted from each STEM start date."
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter STEM reports" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            placeholder="Name, SEVIS ID or employer"
            sx={{ flex: '1 1 260px', maxWidth: 380 }}
          />
          <SelectFilter
            id="stem-status"
            label="Status"
            width={190}
            anyLabel="All"
            value={query.status ?? ''}
            onChange={(status) => setFilters({ status })}
            options={STATUS_OPTIONS}
          />
          <SelectFilter
            id="stem-kind"
            label="Report"
            width={230}
            anyLabel="All reports"
            value={query.kind ?? ''}
            onChange={(kind) => setFilters({ kind })}
            options={[
              { value: 'validation_report', label: STEM_REPORT_KIND_LABELS.validation_report },
              { value: 'evaluation', label: STEM_REPORT_KIND_LABELS.evaluation },
            ]}
          />
        </Box>
        <DataTable
          label="STEM reports"
          columns={columns}
          rows={list.data?.items}
          rowKey={(r) => r.reportId}
          query={list}
          loadingLabel="Loading STEM reports"
          empty="No STEM reports match these filters."
          minWidth={960}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
      {marking ? <MarkReceivedDialog report={marking} onClose={() => setMarking(null)} /> : null}
    </Box>
  );
}

import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { STEM_REPORT_KIND_LABELS, studentsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { useStemReports } from '../api/opt';
import { MarkReceivedDialog } from '../components/mark-received-dialog';
import { daysText, usDate } from '../components/opt-format';
import { ReportStatusChip } from '../components/report-status-chip';
import { SortableHead, type TColumn } from '../components/sortable-head';
import { useSearchBox } from '../components/use-search-box';

type TSort = (typeof studentsApi.STEM_REPORT_SORTS)[number];
const DEFAULTS = { q: '', status: '', kind: '', sort: 'dueDate', order: 'asc', page: '1', pageSize: '25' };
const COLUMNS: TColumn<TSort>[] = [
  { key: 'name', label: 'Student', sort: 'name' },
  { key: 'employer', label: 'STEM employer' },
  { key: 'kind', label: 'Report' },
  { key: 'due', label: 'Due', sort: 'dueDate' },
  { key: 'status', label: 'Status' },
  { key: 'received', label: 'Received' },
  { key: 'actions', label: 'Actions' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Due or overdue' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: 'Due within 30 days' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'received', label: 'Received' },
];

function toQuery(f: typeof DEFAULTS): studentsApi.TListStemReportsQuery {
  const clean = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));
  const parsed = studentsApi.ZListStemReportsQuery.safeParse(clean);
  return parsed.success ? parsed.data : studentsApi.ZListStemReportsQuery.parse({});
}

/** #/isss/stem-report-participation (OPT Management > STEM Report Participation). */
export function StemReportsPage() {
  useDocumentTitle('STEM Report Participation');
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const query = useMemo(() => toQuery(filters), [filters]);
  const list = useStemReports(query);
  const [q, setQ] = useSearchBox(filters.q, (v) => setFilters({ q: v, page: '1' }));
  const [marking, setMarking] = useState<studentsApi.TStemReport | null>(null);

  const items = list.data?.items ?? [];

  return (
    <Box>
      <PageHeader
        title="STEM Report Participation"
        subtitle="Six-month validation reports and annual I-983 evaluations of STEM OPT students, counted from each STEM start date."
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter STEM reports" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <TextField
            fullWidth={false}
            label="Search"
            placeholder="Name, SEVIS ID or employer"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            size="small"
            margin="none"
            sx={{ flex: '1 1 260px', maxWidth: 380 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100 },
            }}
          />
          <TextField
            select
            fullWidth={false}
            size="small"
            margin="none"
            id="stem-status"
            sx={{ minWidth: 190 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Status"
            value={query.status ?? ''}
            onChange={(e) => setFilters({ status: e.target.value, page: '1' })}
          >
            {STATUS_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth={false}
            size="small"
            margin="none"
            id="stem-kind"
            sx={{ minWidth: 230 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Report"
            value={query.kind ?? ''}
            onChange={(e) => setFilters({ kind: e.target.value, page: '1' })}
          >
            <MenuItem value="">All reports</MenuItem>
            <MenuItem value="validation_report">{STEM_REPORT_KIND_LABELS.validation_report}</MenuItem>
            <MenuItem value="evaluation">{STEM_REPORT_KIND_LABELS.evaluation}</MenuItem>
          </TextField>
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading STEM reports" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="STEM reports" sx={{ minWidth: 960 }}>
            <SortableHead
              columns={COLUMNS}
              sort={query.sort}
              order={query.order}
              onSort={(sort, order) => setFilters({ sort, order, page: '1' })}
            />
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.reportId} hover>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`} sx={{ fontWeight: 600 }}>
                      {r.lastName}, {r.firstName}
                    </Link>
                    <Typography variant="caption" component="div" color="text.secondary">
                      {r.sevisId}
                      {r.stemStart ? ` · STEM ${usDate(r.stemStart)} – ${usDate(r.stemEnd)}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.employerName || (
                      <Typography variant="body2" color="text.secondary" component="span">
                        Not reported
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{STEM_REPORT_KIND_LABELS[r.kind]}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {usDate(r.dueDate)}
                    {r.status !== 'received' ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {daysText(r.daysLeft)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <ReportStatusChip status={r.status} />
                  </TableCell>
                  <TableCell>
                    {r.receivedOn ? usDate(r.receivedOn) : '—'}
                    {r.notes ? (
                      <Typography variant="caption" component="div" color="text.secondary" sx={{ maxWidth: 220 }}>
                        {r.notes}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {r.status !== 'received' && r.canEdit ? (
                      <Button
                        size="small"
                        variant={r.status === 'upcoming' ? 'text' : 'outlined'}
                        startIcon={<TaskAltOutlined />}
                        onClick={() => setMarking(r)}
                        sx={{ whiteSpace: 'nowrap' }}
                        aria-label={`Mark ${STEM_REPORT_KIND_LABELS[r.kind]} of ${r.firstName} ${r.lastName} due ${usDate(r.dueDate)} received`}
                      >
                        Mark received
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {!list.isFetching && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                    {list.isError ? (
                      <>
                        The list could not be loaded.{' '}
                        <Button size="small" onClick={() => void list.refetch()}>
                          Try again
                        </Button>
                      </>
                    ) : (
                      'No STEM reports match these filters.'
                    )}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={Math.max(0, query.page - 1)}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => setFilters({ page: '1', pageSize: e.target.value })}
        />
      </Paper>
      {marking ? <MarkReceivedDialog report={marking} onClose={() => setMarking(null)} /> : null}
    </Box>
  );
}

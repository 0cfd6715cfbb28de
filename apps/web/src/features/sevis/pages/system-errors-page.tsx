import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import { SEVIS_EVENT_STATUS_LABELS, sevisApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { formatDateTime } from '../../../ui/format-date';
import { PageHeader } from '../../../ui/page-header';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { useSystemErrors } from '../api/sevis-results';

const DEFAULTS = { q: '', code: '', sort: 'date', dir: 'desc', page: '1', pageSize: '25' };
const COLUMNS: { key: string; label: string; sort?: (typeof sevisApi.SYSTEM_ERROR_SORTS)[number] }[] = [
  { key: 'date', label: 'When', sort: 'date' },
  { key: 'student', label: 'Student', sort: 'student' },
  { key: 'event', label: 'SEVIS update' },
  { key: 'code', label: 'Code', sort: 'code' },
  { key: 'message', label: 'Message' },
  { key: 'batch', label: 'Batch' },
];

/** #/isss/system-errors: SEVIS updates SEVIS refused (its code and message) or our schema check held back. */
export function SystemErrorsPage() {
  useDocumentTitle('System Errors');
  return (
    <Box>
      <PageHeader
        title="System Errors"
        subtitle="SEVIS updates that SEVIS refused, with its error code and message, and those held back because they did not pass the SEVIS schema. Correct the student record, then the update can go in a new batch."
      />
      <SystemErrors />
    </Box>
  );
}

function SystemErrors() {
  const [f, setF] = useUrlFilters(DEFAULTS);
  const [q, setQ] = useState(f.q);
  const [code, setCode] = useState(f.code);
  useEffect(() => {
    const id = setTimeout(() => {
      if (q !== f.q || code !== f.code) setF({ q, code, page: '1' });
    }, 350);
    return () => clearTimeout(id);
  }, [q, code]); // eslint-disable-line react-hooks/exhaustive-deps
  const page = Number(f.page) || 1;
  const pageSize = Number(f.pageSize) || 25;
  const list = useSystemErrors({ page, pageSize, q: f.q || undefined, code: f.code || undefined, sort: f.sort, dir: f.dir });
  const rows = list.data?.items ?? [];
  return (
    <Paper variant="outlined">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
        <TextField
          size="small"
          label="Search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ width: { xs: '100%', sm: 420 } }}
          helperText="Name, SEVIS ID, batch ID or message"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          size="small"
          label="Error code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          helperText="e.g. S1056"
          sx={{ width: 160 }}
        />
      </Stack>
      {list.isFetching ? <LinearProgress aria-label="Loading errors" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label="System errors" sx={{ minWidth: 900 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} scope="col" sortDirection={c.sort && f.sort === c.sort ? (f.dir as 'asc' | 'desc') : false}>
                  {c.sort ? (
                    <TableSortLabel
                      active={f.sort === c.sort}
                      direction={f.sort === c.sort ? (f.dir as 'asc' | 'desc') : 'asc'}
                      onClick={() => setF({ sort: c.sort!, dir: f.sort === c.sort && f.dir === 'asc' ? 'desc' : 'asc', page: '1' })}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.eventId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updatedAt)}</TableCell>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={sevisApi.sevisUpdatesPath(r.profileId, r.visaType)}>
                    {r.studentName}
                  </Link>
                  {r.sevisId ? (
                    <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                      {r.sevisId}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {r.eventType}
                  {r.action && r.action !== r.eventType ? ` / ${r.action}` : ''}
                </TableCell>
                <TableCell>
                  {r.resultCode ? <strong>{r.resultCode}</strong> : null}
                  <Chip
                    size="small"
                    variant="outlined"
                    color={r.status === 'failed' ? 'error' : 'warning'}
                    label={SEVIS_EVENT_STATUS_LABELS[r.status === 'failed' ? 'failed' : 'held']}
                    sx={{ ml: r.resultCode ? 1 : 0 }}
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 420 }}>{r.message || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {r.batchRowId ? (
                    <Link component={RouterLink} to={`/isss/batch-manager?batch=${r.batchRowId}`}>
                      {r.batchId}
                    </Link>
                  ) : (
                    '—'
                  )}
                  {r.orgId ? (
                    <Typography variant="caption" component="div">
                      {r.orgId}
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {!list.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  {f.q || f.code ? 'No errors match these filters.' : 'No SEVIS errors: every update SEVIS answered was accepted.'}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, p) => setF({ page: String(p + 1) })}
        onRowsPerPageChange={(e) => setF({ pageSize: e.target.value, page: '1' })}
      />
    </Paper>
  );
}

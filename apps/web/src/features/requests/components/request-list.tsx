import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Select,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import {
  canTransition,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  REVIEW_STATUS_LABELS,
  requestsApi,
  type TListRequestsQuery,
  type TRequestStatus,
  type TRequestSummary,
} from '@meridian/domain';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { formatDate } from '../../../ui/format-date';
import { snack } from '../../../ui/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { apiCall } from '../../../app/http/api-call';
import { useQueryClient } from '@tanstack/react-query';
import { useRequestList } from '../api/list-requests';
import { useRequestTypes } from '../api/list-request-types';
import { useMassApprove } from '../api/mass-approve';
import { requestsKey } from '../api/keys';
import { StatusChip, reviewStatusLabel } from './status-chip';
import { addressDateToIso, addressDateToTyped, typedDateToAddress } from '../../../ui/url-filters';
import { REQUEST_TABS, tabOfStatus } from './request-tabs';

type TSort = (typeof requestsApi.REQUEST_SORTS)[number];
const DEFAULTS = {
  status: '',
  type: '',
  assigned: 'anyone',
  review: '',
  q: '',
  from: '',
  to: '',
  sort: 'updatedAt',
  order: 'desc',
  page: '1',
  pageSize: '25',
};
const COLUMNS: { key: string; label: string; sort?: TSort }[] = [
  { key: 'number', label: 'Request #', sort: 'number' },
  { key: 'type', label: 'Request type', sort: 'type' },
  { key: 'requester', label: 'Requester', sort: 'requester' },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'review', label: 'Review status' },
  { key: 'assigned', label: 'Assigned to' },
  { key: 'submitted', label: 'Submitted', sort: 'submittedAt' },
  { key: 'updated', label: 'Last change', sort: 'updatedAt' },
];

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (address: string) => void }) {
  const [typed, setTyped] = useState(addressDateToTyped(value));
  const [error, setError] = useState(false);
  useEffect(() => setTyped(addressDateToTyped(value)), [value]);
  const commit = () => {
    if (!typed.trim()) {
      setError(false);
      onChange('');
      return;
    }
    const a = typedDateToAddress(typed);
    setError(!a);
    if (a) onChange(a);
  };
  return (
    <TextField
      size="small"
      margin="none"
      label={label}
      placeholder="MM/DD/YYYY"
      value={typed}
      error={error}
      helperText={error ? 'Invalid date' : undefined}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
    />
  );
}

/**
 * The staff request list (#/isss/students-request-list and #/admin/requests): tabs by status group
 * (remembered per area), filters in the address, paging and sorting on the server, row actions.
 */
export function RequestList({
  area,
  detailPath,
  selfId,
}: {
  area: 'isss' | 'admin';
  detailPath: (id: string) => string;
  selfId?: string | undefined;
}) {
  const tabKey = `meridian.requestList.tab.${area}`;
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const qc = useQueryClient();
  // A remembered tab applies when the address says nothing about status.
  useEffect(() => {
    if (filters.status) return;
    const saved = window.localStorage.getItem(tabKey) ?? 'open';
    const tab = REQUEST_TABS.find((t) => t.key === saved);
    if (tab && tab.statuses.length) setFilters({ status: tab.statuses.join(','), page: '1' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const page = Math.max(1, Number(filters.page) || 1);
  const pageSize = [10, 25, 50, 100].includes(Number(filters.pageSize)) ? Number(filters.pageSize) : 25;
  const query: TListRequestsQuery = useMemo(
    () => ({
      status: filters.status || undefined,
      type: filters.type || undefined,
      assigned: filters.assigned as 'anyone',
      reviewStatus: filters.review ? Number(filters.review) : undefined,
      q: filters.q || undefined,
      from: addressDateToIso(filters.from),
      to: addressDateToIso(filters.to),
      sort: (requestsApi.REQUEST_SORTS as readonly string[]).includes(filters.sort) ? (filters.sort as TSort) : 'updatedAt',
      order: filters.order === 'asc' ? 'asc' : 'desc',
      page,
      pageSize,
    }),
    [filters],
  ); // eslint-disable-line react-hooks/exhaustive-deps
  const list = useRequestList(query);
  const types = useRequestTypes();
  const massApprove = useMassApprove();
  const [search, setSearch] = useState(filters.q);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmMass, setConfirmMass] = useState(false);
  const [report, setReport] = useState<{ ok: boolean; message: string }[] | null>(null);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setSelected([]), [filters]);

  const currentTab = filters.status ? tabOfStatus(filters.status) : 'all';
  const items = list.data?.items ?? [];
  const approvable = (r: TRequestSummary) => canTransition(r.status, 'approve');
  const selectable = items.filter(approvable);

  const assignToMe = async (r: TRequestSummary) => {
    if (!selfId) return;
    try {
      await apiCall(requestsApi.assignRequest, { params: { requestId: r.id }, body: { userId: selfId } });
      snack(`Request #${r.number} is now assigned to you.`, 'success');
      void qc.invalidateQueries({ queryKey: requestsKey });
    } catch (e) {
      snack((e as Error).message, 'error');
    }
  };

  return (
    <Paper variant="outlined">
      <Tabs
        value={currentTab ?? false}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Request status groups"
        onChange={(_, key: string) => {
          const tab = REQUEST_TABS.find((t) => t.key === key)!;
          window.localStorage.setItem(tabKey, key);
          setFilters({ status: tab.statuses.join(','), page: '1' });
        }}
      >
        {REQUEST_TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} />
        ))}
      </Tabs>
      <Box
        role="search"
        aria-label="Filter requests"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label="Search"
          placeholder="Requester name, e-mail or request #"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          size="small"
          margin="none"
          sx={{ flex: '1 1 260px', maxWidth: 360 }}
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
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="rq-status" shrink>
            Status
          </InputLabel>
          <Select
            labelId="rq-status"
            label="Status"
            notched
            value={currentTab === null ? filters.status : filters.status.includes(',') ? '' : filters.status}
            onChange={(e) => setFilters({ status: e.target.value, page: '1' })}
            displayEmpty
            renderValue={(v) =>
              v
                ? (REQUEST_STATUS_LABELS[v as TRequestStatus] ?? 'Several')
                : (REQUEST_TABS.find((t) => t.key === currentTab)?.label ?? 'Any')
            }
          >
            <MenuItem value="">Any</MenuItem>
            {REQUEST_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {REQUEST_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="rq-type" shrink>
            Request type
          </InputLabel>
          <Select
            labelId="rq-type"
            label="Request type"
            notched
            displayEmpty
            value={filters.type}
            onChange={(e) => setFilters({ type: e.target.value, page: '1' })}
          >
            <MenuItem value="">Any type</MenuItem>
            {(types.data ?? []).map((t) => (
              <MenuItem key={t.id} value={t.code}>
                {t.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 150 }}>
          <InputLabel id="rq-assigned">Assigned to</InputLabel>
          <Select
            labelId="rq-assigned"
            label="Assigned to"
            value={filters.assigned}
            onChange={(e) => setFilters({ assigned: e.target.value, page: '1' })}
          >
            <MenuItem value="anyone">Anyone</MenuItem>
            <MenuItem value="me">Me</MenuItem>
            <MenuItem value="unassigned">Unassigned</MenuItem>
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="rq-review" shrink>
            Review status
          </InputLabel>
          <Select
            labelId="rq-review"
            label="Review status"
            notched
            displayEmpty
            value={filters.review}
            onChange={(e) => setFilters({ review: e.target.value, page: '1' })}
          >
            <MenuItem value="">Any</MenuItem>
            {REVIEW_STATUS_LABELS.map((l, i) => (
              <MenuItem key={l} value={String(i)}>
                {l}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <DateFilter label="Submitted from" value={filters.from} onChange={(from) => setFilters({ from, page: '1' })} />
        <DateFilter label="Submitted to" value={filters.to} onChange={(to) => setFilters({ to, page: '1' })} />
        <Box sx={{ flex: '1 1 auto' }} />
        <Button variant="contained" startIcon={<DoneAllOutlined />} disabled={selected.length === 0} onClick={() => setConfirmMass(true)}>
          Approve selected{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Box>
      {list.isFetching ? <LinearProgress aria-label="Loading requests" /> : <Box sx={{ height: 4 }} />}
      {list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
          The requests could not be loaded.
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label="Requests" sx={{ minWidth: 940 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  inputProps={{ 'aria-label': 'Select every request on this page that can be approved' }}
                  disabled={selectable.length === 0}
                  checked={selectable.length > 0 && selectable.every((r) => selected.includes(r.id))}
                  indeterminate={selected.length > 0 && !selectable.every((r) => selected.includes(r.id))}
                  onChange={(e) => setSelected(e.target.checked ? selectable.map((r) => r.id) : [])}
                />
              </TableCell>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.key}
                  scope="col"
                  sx={{ whiteSpace: 'nowrap' }}
                  sortDirection={c.sort && query.sort === c.sort ? query.order : false}
                >
                  {c.sort ? (
                    <TableSortLabel
                      active={query.sort === c.sort}
                      direction={query.sort === c.sort ? query.order : 'asc'}
                      onClick={() =>
                        setFilters({ sort: c.sort!, order: query.sort === c.sort && query.order === 'asc' ? 'desc' : 'asc', page: '1' })
                      }
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
            {items.map((r) => (
              <TableRow key={r.id} hover selected={selected.includes(r.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    disabled={!approvable(r)}
                    checked={selected.includes(r.id)}
                    inputProps={{ 'aria-label': `Select request #${r.number}` }}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))}
                  />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={detailPath(r.id)}>
                    #{r.number}
                  </Link>
                </TableCell>
                <TableCell>{r.typeName}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {r.requesterName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.requesterEmail}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{reviewStatusLabel(r.reviewStatus)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {r.assignedTo?.name ??
                    (selfId ? (
                      <Tooltip title={`Assign request #${r.number} to me`}>
                        <Button
                          size="small"
                          startIcon={<PersonAddAltOutlined fontSize="small" />}
                          onClick={() => void assignToMe(r)}
                          sx={{ ml: -0.5 }}
                        >
                          Assign to me
                        </Button>
                      </Tooltip>
                    ) : (
                      <Typography variant="body2" color="text.secondary" component="span">
                        Unassigned
                      </Typography>
                    ))}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.submittedAt) || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.updatedAt)}</TableCell>
              </TableRow>
            ))}
            {!list.isPending && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>No requests match these filters.</TableCell>
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
        onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
        onRowsPerPageChange={(e) => setFilters({ pageSize: e.target.value, page: '1' })}
      />
      <ConfirmDialog
        open={confirmMass}
        title="Approve requests"
        busy={massApprove.isPending}
        message={`Approve ${selected.length} selected ${selected.length === 1 ? 'request' : 'requests'}? Each requester is told by e-mail.`}
        confirmLabel="Approve"
        onCancel={() => setConfirmMass(false)}
        onConfirm={() =>
          massApprove.mutate(selected, {
            onSuccess: (res) => {
              setReport(res.results.map((x) => ({ ok: x.ok, message: x.ok ? x.message : `#${x.number ?? '?'}: ${x.message}` })));
              setSelected([]);
            },
            onSettled: () => setConfirmMass(false),
          })
        }
      />
      {report ? (
        <Box sx={{ p: 2 }} role="status">
          <Alert severity={report.every((r) => r.ok) ? 'success' : 'warning'} onClose={() => setReport(null)}>
            {report.filter((r) => r.ok).length} approved
            {report.some((r) => !r.ok) ? `, ${report.filter((r) => !r.ok).length} not approved:` : '.'}
            {report
              .filter((r) => !r.ok)
              .map((r) => (
                <div key={r.message}>{r.message}</div>
              ))}
          </Alert>
        </Box>
      ) : null}
    </Paper>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  Paper,
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
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { scholarPortalAccountLabel, scholarsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { useCurrentUser } from '../../../auth';
import { useDeptCases } from '../api/list-dept-cases';
import { stateColor, usDate } from '../components/format';

type TSort = (typeof scholarsApi.DEPT_CASE_SORTS)[number];
const DEFAULTS = { tab: 'all', q: '', sort: 'updatedAt', order: 'desc', page: '1', pageSize: '25' };
const COLUMNS: { key: string; label: string; sort?: TSort }[] = [
  { key: 'name', label: 'Scholar', sort: 'name' },
  { key: 'proposed', label: 'Proposed status' },
  { key: 'position', label: 'Position' },
  { key: 'start', label: 'Proposed start', sort: 'proposedStartDate' },
  { key: 'state', label: 'Status', sort: 'state' },
  { key: 'portal', label: 'Portal' },
  { key: 'updated', label: 'Last change', sort: 'updatedAt' },
];

/** #/scholar/deptDashboard: the department's scholars and their sponsorship requests, by status, searched and paged on the server. */
export function DeptDashboardPage() {
  useDocumentTitle('Department Dashboard');
  const me = useCurrentUser();
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const tab = scholarsApi.ZDeptCaseTab.safeParse(filters.tab).data ?? 'all';
  const page = Math.max(1, Number(filters.page) || 1);
  const pageSize = [10, 25, 50, 100].includes(Number(filters.pageSize)) ? Number(filters.pageSize) : 25;
  const sort: TSort = (scholarsApi.DEPT_CASE_SORTS as readonly string[]).includes(filters.sort) ? (filters.sort as TSort) : 'updatedAt';
  const order = filters.order === 'asc' ? 'asc' : 'desc';
  const query = useMemo(
    () => ({ tab, q: filters.q || undefined, sort, order, page, pageSize }) as const,
    [tab, filters.q, sort, order, page, pageSize],
  );
  const list = useDeptCases(query);
  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const counts = list.data?.counts ?? {};
  const department = me.data?.department?.name;

  return (
    <Box>
      <PageHeader
        title="Department Dashboard"
        subtitle={
          department ? `Scholars and sponsorship requests of the ${department}.` : 'Scholars and sponsorship requests of your department.'
        }
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/scholar/createscholar">
            New Sponsorship Request
          </Button>
        }
      />
      {me.data && !me.data.department ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {scholarsApi.DEPT_MSG.noDepartment}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v: string) => setFilters({ tab: v, page: '1' })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Sponsorship status"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {scholarsApi.DEPT_CASE_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={`${t.label}${counts[t.key] !== undefined ? ` (${counts[t.key]})` : t.key === 'all' ? '' : ' (0)'}`}
            />
          ))}
        </Tabs>
        <Box role="search" aria-label="Find scholars" sx={{ p: 2 }}>
          <TextField
            label="Search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            sx={{ width: '100%', maxWidth: 420 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100, type: 'search' },
            }}
          />
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading scholars" /> : <Box sx={{ height: 4 }} />}
        {list.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            The list could not be loaded. {(list.error as Error).message}
          </Alert>
        ) : null}
        <TableContainer>
          <Table size="small" sx={{ minWidth: 900 }} aria-label="Scholars of the department">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell
                    key={c.key}
                    scope="col"
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                    sortDirection={c.sort && sort === c.sort ? order : false}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        active={sort === c.sort}
                        direction={sort === c.sort ? order : 'asc'}
                        onClick={() => setFilters({ sort: c.sort!, order: sort === c.sort && order === 'asc' ? 'desc' : 'asc', page: '1' })}
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
              {items.map((c) => (
                <TableRow key={c.applicationId} hover>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/scholar/editscholarapplication/${c.applicationId}`} sx={{ fontWeight: 600 }}>
                      {[c.lastName, c.firstName].filter(Boolean).join(', ') || '(no name)'}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {c.email}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.proposedStatus}</TableCell>
                  <TableCell>{c.position}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(c.proposedStartDate)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={stateColor(c.sponsorshipState)}
                      label={
                        scholarsApi.SPONSORSHIP_STATE_LABELS[c.sponsorshipState as keyof typeof scholarsApi.SPONSORSHIP_STATE_LABELS] ??
                        c.sponsorshipState
                      }
                    />
                    <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                      {c.statusText}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{scholarPortalAccountLabel(c)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(c.updatedAt.slice(0, 10))}</TableCell>
                </TableRow>
              ))}
              {list.isSuccess && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                    <Typography>
                      {filters.q
                        ? 'No scholars match your search.'
                        : tab === 'all'
                          ? 'Your department has no sponsorship requests yet.'
                          : 'No sponsorship requests with this status.'}
                    </Typography>
                    {filters.q ? (
                      <Button
                        sx={{ mt: 1 }}
                        onClick={() => {
                          setSearch('');
                          setFilters({ q: '', page: '1' });
                        }}
                      >
                        Clear search
                      </Button>
                    ) : tab === 'all' ? (
                      <Button sx={{ mt: 1 }} component={RouterLink} to="/scholar/createscholar">
                        Start a New Sponsorship Request
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => setFilters({ pageSize: e.target.value, page: '1' })}
        />
      </Paper>
    </Box>
  );
}

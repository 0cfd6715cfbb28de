import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { labelOfStatus, scholarPortalAccountLabel, scholarsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { useGetCurrentUser } from '../../../auth';
import { useListDeptCases } from '../api/list-dept-cases';
import { stateColor } from '../components/format';

const columnsFor = ({ formatDate }: TOfficeDates): TColumn<scholarsApi.TDeptCaseSummary>[] => [
  {
    key: 'name',
    header: 'Scholar',
    sort: 'name',
    isRowHeader: true,
    cell: (c) => (
      <>
        <Link component={RouterLink} to={`/scholar/editscholarapplication/${c.applicationId}`} sx={{ fontWeight: 600 }}>
          {[c.lastName, c.firstName].filter(Boolean).join(', ') || '(no name)'}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {c.email}
        </Typography>
      </>
    ),
  },
  { key: 'proposed', header: 'Proposed status', noWrap: true, cell: (c) => c.proposedStatus },
  { key: 'position', header: 'Position', cell: (c) => c.position },
  { key: 'start', header: 'Proposed start', sort: 'proposedStartDate', noWrap: true, cell: (c) => formatDate(c.proposedStartDate) || '—' },
  {
    key: 'state',
    header: 'Status',
    sort: 'state',
    cell: (c) => (
      <>
        <Chip
          size="small"
          variant="outlined"
          color={stateColor(c.sponsorshipState)}
          label={labelOfStatus('sponsorship', c.sponsorshipState)}
        />
        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
          {c.statusText}
        </Typography>
      </>
    ),
  },
  { key: 'portal', header: 'Portal', noWrap: true, cell: (c) => scholarPortalAccountLabel(c) },
  { key: 'updated', header: 'Last change', sort: 'updatedAt', noWrap: true, cell: (c) => formatDate(c.updatedAt) },
];

/** #/scholar/deptDashboard: the department's scholars and their sponsorship requests, by status, searched and paged on the server. */
export function DeptDashboardPage() {
  const dates = useFormatDates();
  useDocumentTitle('Department Dashboard');
  const me = useGetCurrentUser();
  const table = useUrlTable({ filters: { tab: 'all', q: '' }, sorts: scholarsApi.DEPT_CASE_SORTS, sort: 'updatedAt', order: 'desc' });
  const { filters, setFilters } = table;
  const tab = scholarsApi.ZDeptCaseTab.safeParse(filters.tab).data ?? 'all';
  const query = useMemo(
    () => ({ tab, q: filters.q || undefined, sort: table.sort, order: table.order, page: table.page, pageSize: table.pageSize }) as const,
    [tab, filters.q, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListDeptCases(query);
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
          onChange={(_, v: string) => setFilters({ tab: v })}
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
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            placeholder="Name or e-mail"
            sx={{ width: '100%', maxWidth: 420 }}
          />
        </Box>
        <DataTable
          label="Scholars of the department"
          columns={columnsFor(dates)}
          rows={list.data?.items}
          rowKey={(c) => c.applicationId}
          query={list}
          loadingLabel="Loading scholars"
          errorText={`The list could not be loaded. ${list.error?.message ?? ''}`}
          empty={
            <>
              <Typography>
                {filters.q
                  ? 'No scholars match your search.'
                  : tab === 'all'
                    ? 'Your department has no sponsorship requests yet.'
                    : 'No sponsorship requests with this status.'}
              </Typography>
              {filters.q ? (
                <Button sx={{ mt: 1 }} onClick={() => setFilters({ q: '' })}>
                  Clear search
                </Button>
              ) : tab === 'all' ? (
                <Button sx={{ mt: 1 }} component={RouterLink} to="/scholar/createscholar">
                  Start a New Sponsorship Request
                </Button>
              ) : null}
            </>
          }
          minWidth={900}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
    </Box>
  );
}

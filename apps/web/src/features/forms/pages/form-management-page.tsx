import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, FormControl, InputLabel, Link, MenuItem, Paper, Select } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { can, formsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { useGetCurrentUser } from '../../auth';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../ui/data-table';
import { useListQuestionnaires } from '../api/list-questionnaires';

// Ten a page, by name, the default program type, active questionnaires first.
const FILTERS = { keywords: '', programType: formsApi.DEFAULT_PROGRAM_TYPE, bRetired: '0' };
const PAGE_SIZES = [10];

const columnsFor = ({ formatDate }: TOfficeDates): TColumn<formsApi.TQuestionnaireSummary>[] => [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    isRowHeader: true,
    sx: { fontWeight: 600 },
    cell: (q) => (
      <>
        <Link component={RouterLink} to={`/admin/form-management/${q.id}`}>
          {q.name}
        </Link>
        {q.isConditional ? <Chip size="small" label="Conditional" variant="outlined" sx={{ ml: 1 }} /> : null}
        {q.isRetired ? <Chip size="small" label="Retired" sx={{ ml: 1 }} /> : null}
      </>
    ),
  },
  { key: 'description', header: 'Description', sx: { color: 'text.secondary' }, cell: (q) => q.description },
  { key: 'questions', header: 'Questions', align: 'right', cell: (q) => q.itemCount },
  { key: 'version', header: 'Version', align: 'right', cell: (q) => q.versionNo },
  { key: 'changed', header: 'Last changed', noWrap: true, cell: (q) => formatDate(q.updatedAt) },
];

/** #/admin/form-management (Configuration > Form Management). */
export function FormManagementPage() {
  const dates = useFormatDates();
  useDocumentTitle('Form Management');
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'forms.manage');
  const table = useUrlTable({ filters: FILTERS, sorts: ['name'], sort: 'name', order: 'asc', pageSize: 10, pageSizes: PAGE_SIZES });
  const { filters, setFilters } = table;
  const query: formsApi.TListQuestionnairesQuery = useMemo(
    () => ({
      keywords: filters.keywords.slice(0, 100) || undefined,
      programType: formsApi.PROGRAM_TYPES.find((p) => p === filters.programType) ?? formsApi.DEFAULT_PROGRAM_TYPE,
      bRetired: filters.bRetired === '1' ? '1' : '0',
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, table.order, table.page, table.pageSize],
  );
  const list = useListQuestionnaires(query);

  const retired = query.bRetired === '1';

  return (
    <Box>
      <PageHeader
        title="Form Management"
        subtitle="Questionnaires that scholars, departments and students fill in with their requests."
        actions={
          mayManage ? (
            <Button component={RouterLink} to="/admin/form-management/new" variant="contained" startIcon={<AddOutlined />}>
              New questionnaire
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter questionnaires" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <SearchField value={filters.keywords} onChange={(keywords) => setFilters({ keywords })} placeholder="Name or description" />
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="fm-program-label">Program type</InputLabel>
            <Select
              labelId="fm-program-label"
              label="Program type"
              value={query.programType}
              onChange={(e) => setFilters({ programType: e.target.value })}
            >
              {formsApi.PROGRAM_TYPES.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="fm-status-label">Status</InputLabel>
            <Select
              labelId="fm-status-label"
              label="Status"
              value={query.bRetired}
              onChange={(e) => setFilters({ bRetired: e.target.value })}
            >
              <MenuItem value="0">Active</MenuItem>
              <MenuItem value="1">Retired</MenuItem>
            </Select>
          </FormControl>
        </Box>
        <DataTable
          label="Questionnaires"
          columns={columnsFor(dates)}
          rows={list.data?.items}
          rowKey={(q) => q.id}
          query={list}
          loadingLabel="Loading questionnaires"
          errorText="The questionnaires could not be loaded."
          empty={`No ${retired ? 'retired' : 'active'} ${query.programType} questionnaires match these filters.`}
          minWidth={720}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
    </Box>
  );
}

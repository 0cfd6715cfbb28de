import { Box, Button, Chip, Paper, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { lettersApi, MERGE_RECORD_KIND_LABELS } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/page-header';
import { useListLetterTemplates } from '../api/letters';
import { useCan } from '../api/use-can';

type TItem = lettersApi.TLetterTemplateSummary;
const FILTERS = { q: '', kind: '', active: '' };
const KIND_OPTIONS = lettersApi.LETTER_RECORD_KINDS.map((k) => ({ value: k, label: MERGE_RECORD_KIND_LABELS[k] }));
export const VISIBILITY_LABELS: Record<lettersApi.TLetterVisibility, string> = {
  person: 'The person and the office',
  office: 'The office only',
};

const columnsFor = ({ formatDateTime }: TOfficeDates): TColumn<TItem>[] => [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    isRowHeader: true,
    cell: (r) => (
      <Button
        component={RouterLink}
        to={`/isss/letter-template/${r.id}`}
        size="small"
        sx={{ textTransform: 'none', p: 0, textAlign: 'left' }}
      >
        {r.name}
      </Button>
    ),
  },
  { key: 'kind', header: 'Records', cell: (r) => MERGE_RECORD_KIND_LABELS[r.recordKind] },
  { key: 'visibility', header: 'Filed for', cell: (r) => VISIBILITY_LABELS[r.defaultVisibility] },
  {
    key: 'active',
    header: 'Status',
    cell: (r) => <Chip size="small" label={r.isActive ? 'Active' : 'Off'} color={r.isActive ? 'success' : 'default'} variant="outlined" />,
  },
  {
    key: 'updatedAt',
    header: 'Last changed',
    sort: 'updatedAt',
    noWrap: true,
    cell: (r) => `${formatDateTime(r.updatedAt)}${r.updatedByName ? ` by ${r.updatedByName}` : ''}`,
  },
];

/** #/isss/letter-template (Configuration > Letter Templates): the office's letter templates (docs/product/letters.md#templates). */
export function LetterTemplatesPage() {
  useDocumentTitle('Letter Templates');
  const dates = useFormatDates();
  const mayManage = useCan('letters.manage');
  const table = useUrlTable({ filters: FILTERS, sorts: ['name', 'updatedAt'] as const, sort: 'name', order: 'asc' });
  const { filters, setFilters } = table;
  const kind = lettersApi.LETTER_RECORD_KINDS.find((k) => k === filters.kind);
  const list = useListLetterTemplates({
    page: table.page,
    pageSize: table.pageSize,
    ...(filters.q ? { search: filters.q } : {}),
    ...(kind ? { recordKind: kind } : {}),
    ...(filters.active === 'true' ? { activeOnly: 'true' as const } : {}),
    sort: table.sort,
    direction: table.order,
  });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Box>
      <PageHeader
        title="Letter Templates"
        subtitle="Letters the office issues (enrolment verification, support letters): written once with merge tags, then generated as a PDF for a student and filed on the record's Documents, or for a scholar case and filed on its sponsorship request."
        actions={
          mayManage ? (
            <Button variant="contained" component={RouterLink} to="/isss/letter-template/new">
              New template
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            helperText="Template name"
            sx={{ width: { xs: '100%', md: 320 } }}
          />
          <SelectFilter
            id="letter-kind"
            label="Records"
            width={220}
            value={filters.kind}
            onChange={(v) => setFilters({ kind: v })}
            options={KIND_OPTIONS}
          />
          <SelectFilter
            id="letter-active"
            label="Status"
            width={160}
            value={filters.active}
            onChange={(v) => setFilters({ active: v })}
            options={[{ value: 'true', label: 'Active only' }]}
          />
        </Stack>
        <DataTable
          label="Letter templates"
          columns={columnsFor(dates)}
          rows={list.data?.items}
          rowKey={(r) => r.id}
          query={list}
          loadingLabel="Loading letter templates"
          empty={filtered ? 'No letter template matches these filters.' : 'No letter template yet.'}
          minWidth={760}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
    </Box>
  );
}

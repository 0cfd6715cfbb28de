import { Box, Paper, Typography } from '@mui/material';
import type { auditApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { DataTable, usePaging, type TColumn } from '../../../ui/data-table';
import { useListStudentDisclosures } from '../api/logs';

/**
 * Disclosures tab of a student record: who opened it, wrote a letter from it or exported it, when and
 * from where, newest first (docs/product/logs.md#disclosures).
 */
export function RecordDisclosures({ profileId }: { profileId: string }) {
  const { formatDateTime } = useFormatDates();
  const paging = usePaging({ pageSize: 10 });
  const list = useListStudentDisclosures(profileId, paging.page, paging.pageSize);
  const columns: TColumn<auditApi.TDisclosure>[] = [
    { key: 'at', header: 'When', noWrap: true, cell: (d) => formatDateTime(d.at) },
    {
      key: 'who',
      header: 'Who',
      isRowHeader: true,
      cell: (d) => (d.actorName ? `${d.actorName}${d.actorEmail ? ` (${d.actorEmail})` : ''}` : 'System'),
    },
    { key: 'what', header: 'What', cell: (d) => d.actionLabel },
    { key: 'ip', header: 'IP address', noWrap: true, cell: (d) => d.ip ?? '' },
  ];
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Disclosures
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Who opened this record, wrote a letter from it or exported it.
      </Typography>
      <Paper variant="outlined">
        <DataTable
          label="Disclosures of this record"
          columns={columns}
          rows={list.data?.items}
          rowKey={(d) => d.id}
          query={list}
          loadingLabel="Loading the disclosures"
          empty="Nobody has opened this record yet."
          total={list.data?.total ?? 0}
          paging={paging}
        />
      </Paper>
    </Box>
  );
}

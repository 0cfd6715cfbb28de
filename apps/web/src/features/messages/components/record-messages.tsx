import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { messagesApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { DataTable, usePaging, type TColumn } from '../../../ui/data-table';
import { useListRecordMessages } from '../api/sent-mail';
import { SentMailDetail, SentMailStatusChip } from './sent-mail-detail';

type TItem = messagesApi.TRecordMessageItem;

/**
 * A record's e-mail (docs/product/messages.md#message-center): every message linked to the record and older
 * ones sent to its address, newest first, paged on the server; each opens to what was sent.
 */
export function RecordMessages({ profileId }: { profileId: string }) {
  const { formatDateTime } = useFormatDates();
  const paging = usePaging();
  const q = useListRecordMessages(profileId, paging.page, paging.pageSize);
  const [open, setOpen] = useState<TItem | null>(null);
  const columns: TColumn<TItem>[] = [
    { key: 'date', header: 'Date', noWrap: true, cell: (m) => formatDateTime(m.createdAt) },
    {
      key: 'subject',
      header: 'Subject',
      isRowHeader: true,
      cell: (m) => (
        <Button variant="text" size="small" sx={{ textAlign: 'left', textTransform: 'none', p: 0 }} onClick={() => setOpen(m)}>
          {m.subject}
        </Button>
      ),
    },
    { key: 'to', header: 'To', cell: (m) => m.to },
    { key: 'status', header: 'Status', cell: (m) => <SentMailStatusChip status={m.status} /> },
  ];
  return (
    <Box>
      <DataTable
        label="E-mails about this record"
        columns={columns}
        rows={q.data?.items}
        rowKey={(m) => m.id}
        query={q}
        loadingLabel="Loading e-mails"
        empty={<Typography color="text.secondary">No e-mail has been sent about this record or to its address.</Typography>}
        total={q.data?.total ?? 0}
        paging={paging}
        minWidth={600}
      />
      <Dialog open={!!open} onClose={() => setOpen(null)} maxWidth="md" fullWidth aria-labelledby="record-mail-title">
        <DialogTitle id="record-mail-title">{open?.subject}</DialogTitle>
        <DialogContent dividers>{open ? <SentMailDetail mail={open} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

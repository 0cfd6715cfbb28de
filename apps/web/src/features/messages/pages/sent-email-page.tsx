import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import { messagesApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { fieldErrorOf, isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { DataTable, DateFilter, SearchField, SelectFilter, TextFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { addressDateToIso } from '../../../ui/url-filters';
import { useGetSentMail, useListSentMail, useResendSentMail } from '../api/sent-mail';
import { SentMailDetail, SentMailStatusChip } from '../components/sent-mail-detail';

type TItem = messagesApi.TSentMailItem;

const FILTERS = { q: '', status: '', category: '', purpose: '', from: '', to: '' };
const STATUS_OPTIONS = messagesApi.SENT_MAIL_STATUSES.map((s) => ({ value: s, label: messagesApi.SENT_MAIL_STATUS_LABELS[s] }));
const CATEGORY_OPTIONS = messagesApi.MAIL_CATEGORIES.map((c) => ({ value: c, label: messagesApi.MAIL_CATEGORY_LABELS[c] }));
const oneOf = <T extends string>(list: readonly T[], v: string): T | undefined => (list.includes(v as T) ? (v as T) : undefined);

const columnsFor = ({ formatDateTime }: TOfficeDates, open: (id: string) => void): TColumn<TItem>[] => [
  { key: 'createdAt', header: 'Date', sort: 'createdAt', noWrap: true, cell: (m) => formatDateTime(m.createdAt) },
  { key: 'to', header: 'To', sort: 'to', cell: (m) => (m.cc.length ? `${m.to} (+${m.cc.length} cc)` : m.to) },
  {
    key: 'subject',
    header: 'Subject',
    sort: 'subject',
    isRowHeader: true,
    cell: (m) => (
      <Button variant="text" size="small" sx={{ textAlign: 'left', textTransform: 'none', p: 0 }} onClick={() => open(m.id)}>
        {m.subject}
      </Button>
    ),
  },
  { key: 'kind', header: 'Kind', cell: (m) => messagesApi.MAIL_CATEGORY_LABELS[m.category] },
  { key: 'status', header: 'Status', sort: 'status', cell: (m) => <SentMailStatusChip status={m.status} /> },
];

/** #/isss/sent-email (Actions > Sent Email): every e-mail the portal recorded, searched and opened (docs/product/messages.md#sent-email). */
export function SentEmailPage() {
  useDocumentTitle('Sent Email');
  const dates = useFormatDates();
  const table = useUrlTable({ filters: FILTERS, sorts: messagesApi.SENT_MAIL_SORTS, sort: 'createdAt', order: 'desc' });
  const { filters, setFilters } = table;
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useListSentMail({
    page: table.page,
    pageSize: table.pageSize,
    q: filters.q,
    status: oneOf(messagesApi.SENT_MAIL_STATUSES, filters.status),
    category: oneOf(messagesApi.MAIL_CATEGORIES, filters.category),
    purpose: filters.purpose,
    from: addressDateToIso(filters.from),
    to: addressDateToIso(filters.to),
    sort: table.sort,
    dir: table.order,
  });
  // A refused date range is told on the date the server names.
  const refused = list.isError ? list.error : null;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Box>
      <PageHeader
        title="Sent Email"
        subtitle="Every e-mail the portal sent or recorded: search by address or subject, filter, and open one to see what was sent and what the mail server answered."
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            helperText="Recipient's address or subject"
            sx={{ width: { xs: '100%', md: 320 } }}
          />
          <SelectFilter
            id="sent-status"
            label="Status"
            width={190}
            value={filters.status}
            onChange={(status) => setFilters({ status })}
            options={STATUS_OPTIONS}
          />
          <SelectFilter
            id="sent-category"
            label="Kind"
            width={160}
            value={filters.category}
            onChange={(category) => setFilters({ category })}
            options={CATEGORY_OPTIONS}
          />
          <TextFilter
            label="Purpose"
            width={200}
            value={filters.purpose}
            onChange={(purpose) => setFilters({ purpose })}
            placeholder="e.g. request.submitted"
          />
          <DateFilter
            id="sent-from"
            label="From"
            value={filters.from}
            onChange={(from) => setFilters({ from })}
            serverError={fieldErrorOf(refused, 'from')}
          />
          <DateFilter
            id="sent-to"
            label="To"
            value={filters.to}
            onChange={(to) => setFilters({ to })}
            serverError={fieldErrorOf(refused, 'to')}
          />
        </Stack>
        <DataTable
          label="Sent email"
          columns={columnsFor(dates, setOpenId)}
          rows={list.data?.items}
          rowKey={(m) => m.id}
          query={list}
          loadingLabel="Loading e-mails"
          empty={filtered ? 'No e-mail matches these filters.' : 'No e-mail has been sent yet.'}
          minWidth={800}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
      <SentMailDialog messageId={openId} onClose={() => setOpenId(null)} />
    </Box>
  );
}

/** One message, with "Send again" for a failed one (super users and officers, when a mail server is configured). */
function SentMailDialog({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  const q = useGetSentMail(messageId);
  const resend = useResendSentMail();
  const mail = q.data;
  return (
    <Dialog open={!!messageId} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="sent-mail-title">
      <DialogTitle id="sent-mail-title">{mail?.subject ?? 'E-mail'}</DialogTitle>
      <DialogContent dividers>
        {q.isError ? <Alert severity="error">This e-mail could not be loaded.</Alert> : null}
        {q.isPending && messageId ? <Typography color="text.secondary">Loading…</Typography> : null}
        {mail ? <SentMailDetail mail={mail} /> : null}
        {resend.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(resend.error) ? resend.error.message : 'The message could not be queued again.'}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {mail?.canResend ? (
          <Button
            variant="contained"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(mail.id, {
                onSuccess: () => snack(messagesApi.MSG_SENT_MAIL.resent, 'success'),
              })
            }
          >
            Send again
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

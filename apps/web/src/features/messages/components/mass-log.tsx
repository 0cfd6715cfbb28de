import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { messagesApi } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { useFormatDates } from '../../../app/office-dates';
import { snack } from '../../../ui/notify';
import { useCancelMassSend, useGetMassSend, useListMassRecipients, useListMassSends, useResendMassSend } from '../api/mass-email';

type TItem = messagesApi.TMassSendItem;

const RECIPIENT_LABELS: Record<messagesApi.TMassRecipientStatus, string> = {
  pending: 'Waiting',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

function StatusChip({ status }: { status: messagesApi.TMassSendStatus }) {
  const color = status === 'done' ? 'success' : status === 'cancelled' ? 'default' : 'info';
  return <Chip size="small" color={color} variant="outlined" label={messagesApi.MASS_SEND_STATUS_LABELS[status]} />;
}

/** How far a send has got: recipients settled (sent, failed or skipped) of all of them. */
export function MassProgress({ counts }: { counts: messagesApi.TMassSendCounts }) {
  const settled = counts.sent + counts.failed + counts.skipped;
  const value = counts.total ? Math.round((settled / counts.total) * 100) : 100;
  return (
    <Box sx={{ minWidth: 180 }}>
      <LinearProgress variant="determinate" value={value} aria-label={`${value}% done`} />
      <Typography variant="caption" color="text.secondary">
        {counts.sent.toLocaleString('en-US')} sent · {counts.failed.toLocaleString('en-US')} failed ·{' '}
        {counts.skipped.toLocaleString('en-US')} skipped · {counts.queued.toLocaleString('en-US')} waiting
      </Typography>
    </Box>
  );
}

/** A send's details: what it is, its live progress, and its recipients (failures first) with the mail server's answers. */
function MassSendDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const dates = useFormatDates();
  const send = useGetMassSend(id);
  const [status, setStatus] = useState<messagesApi.TMassRecipientStatus | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const s = send.data;
  // The recipients follow the send's live counts (docs/product/messages.md#the-mass-notification-log).
  const progress = s ? [s.status, s.counts.sent, s.counts.failed, s.counts.skipped, s.counts.queued].join(':') : null;
  const recipients = useListMassRecipients(id, page + 1, pageSize, status, progress);
  const cancel = useCancelMassSend();
  const resend = useResendMassSend();
  const onError = (e: unknown) => snack(isApiError(e) ? e.message : 'The request failed.', 'error');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="mass-details-title">
      <DialogTitle id="mass-details-title">{s ? s.subject : 'Mass e-mail'}</DialogTitle>
      <DialogContent>
        {s && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'center' }}>
              <StatusChip status={s.status} />
              <Typography variant="body2">{s.recipientLabel}</Typography>
              <Typography variant="body2">
                By {s.sentBy.name},{' '}
                {s.status === 'scheduled' ? `set for ${dates.formatDateTime(s.sendAt)}` : dates.formatDateTime(s.createdAt)}
              </Typography>
              {s.isCompliance && <Chip size="small" label="Compliance notice" />}
              <MassProgress counts={s.counts} />
            </Stack>
            <TextField
              select
              id="mass-recipient-status"
              label="Show"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as messagesApi.TMassRecipientStatus | '');
                setPage(0);
              }}
              sx={{ maxWidth: 220 }}
            >
              <MenuItem value="">Every recipient</MenuItem>
              {messagesApi.MASS_RECIPIENT_STATUSES.map((k) => (
                <MenuItem key={k} value={k}>
                  {RECIPIENT_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <TableContainer>
              <Table size="small" aria-label="Recipients">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>E-mail</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Reason or mail server&apos;s answer</TableCell>
                    <TableCell>Sent</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(recipients.data?.items ?? []).map((r) => (
                    <TableRow key={r.recordId}>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>
                        {r.address || '—'}
                        {r.cc ? ` (copy: ${r.cc})` : ''}
                      </TableCell>
                      <TableCell>{RECIPIENT_LABELS[r.status]}</TableCell>
                      <TableCell sx={{ maxWidth: 420, wordBreak: 'break-word' }}>
                        {r.status === 'failed' ? (r.smtpResponse ?? r.reason) : (r.reason ?? '')}
                      </TableCell>
                      <TableCell>{r.sentAt ? dates.formatDateTime(r.sentAt) : ''}</TableCell>
                    </TableRow>
                  ))}
                  {recipients.data?.items.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5}>No recipient to show.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={recipients.data?.total ?? 0}
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[25, 50, 100]}
              onPageChange={(_e, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(0);
              }}
            />
          </Stack>
        )}
        {send.isError && <Alert severity="error">This mass e-mail cannot be found.</Alert>}
      </DialogContent>
      <DialogActions>
        {s?.canCancel && (
          <Button
            color="warning"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(s.id, { onError, onSuccess: () => snack(messagesApi.MSG_MASS_EMAIL.cancelledOk, 'success') })}
          >
            Cancel sending
          </Button>
        )}
        {s?.canResend && (
          <Button
            disabled={resend.isPending}
            onClick={() => resend.mutate(s.id, { onError, onSuccess: () => snack(messagesApi.MSG_MASS_EMAIL.resentOk, 'success') })}
          >
            Resend to failed
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The mass notification log: each send, newest first, with its live progress (docs/product/messages.md#the-mass-notification-log). */
export function MassLog(p: { openId: string | null; onOpen: (id: string | null) => void }) {
  const dates = useFormatDates();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const list = useListMassSends(page + 1, pageSize);
  const items: TItem[] = list.data?.items ?? [];
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Mass e-mails">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Recipients</TableCell>
              <TableCell>Sent by</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Progress</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((m) => (
              <TableRow key={m.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {dates.formatDateTime(m.status === 'scheduled' ? m.sendAt : m.createdAt)}
                </TableCell>
                <TableCell component="th" scope="row">
                  <Button
                    variant="text"
                    size="small"
                    sx={{ textAlign: 'left', textTransform: 'none', p: 0 }}
                    onClick={() => p.onOpen(m.id)}
                  >
                    {m.subject}
                  </Button>
                </TableCell>
                <TableCell>{m.recipientLabel}</TableCell>
                <TableCell>{m.sentBy.name}</TableCell>
                <TableCell>
                  <StatusChip status={m.status} />
                </TableCell>
                <TableCell>
                  <MassProgress counts={m.counts} />
                </TableCell>
              </TableRow>
            ))}
            {list.data && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No mass e-mail has been sent yet.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_e, pg) => setPage(pg)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
      {p.openId && <MassSendDetails id={p.openId} onClose={() => p.onOpen(null)} />}
    </Paper>
  );
}

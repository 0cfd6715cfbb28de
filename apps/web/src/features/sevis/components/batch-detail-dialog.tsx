import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SEVIS_EVENT_STATUS_LABELS, sevisApi, type TSevisEventStatus } from '@meridian/domain';
import { PageLoader } from '../../../ui/page-loader';
import { useGetBatch } from '../api/sevis-batches';
import { BatchStatusChip } from './batch-status-chip';

/** A record's result: nothing before the batch is sent, then awaiting SEVIS's log, then SEVIS's code and message. */
function recordResult(batchStatus: sevisApi.TSevisBatchStatus, r: sevisApi.TSevisBatchDetail['records'][number]): string {
  if (batchStatus === 'pending') return 'Not sent yet';
  if (r.resultCode)
    return `${SEVIS_EVENT_STATUS_LABELS[r.status as TSevisEventStatus] ?? r.status}: ${r.resultCode} ${r.resultMessage}`.trim();
  return r.status === 'sent' ? 'Sent – awaiting result' : (SEVIS_EVENT_STATUS_LABELS[r.status as TSevisEventStatus] ?? r.status);
}

/** The records of one batch: student, event, requestID and the SEVIS result once the log is in. */
export function BatchDetailDialog({ batchRowId, onClose }: { batchRowId: string; onClose: () => void }) {
  const batch = useGetBatch(batchRowId);
  const b = batch.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby="batch-detail-title" maxWidth="md" fullWidth>
      <DialogTitle id="batch-detail-title">Batch {b?.batchId ?? ''}</DialogTitle>
      <DialogContent>
        {batch.isPending ? (
          <PageLoader />
        ) : !b ? (
          <Alert severity="error">The batch could not be loaded.</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {sevisApi.SEVIS_BATCH_KIND_LABELS[b.kind]} · OrgID {b.orgId} ({b.campusSiteName}) · {b.recordCount}{' '}
              {b.recordCount === 1 ? 'record' : 'records'} · <BatchStatusChip status={b.status} />
            </Typography>
            <Table size="small" aria-label={`Records of batch ${b.batchId} (OrgID ${b.orgId})`}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Student</TableCell>
                  <TableCell scope="col">Event</TableCell>
                  <TableCell scope="col">Request ID</TableCell>
                  <TableCell scope="col">Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {b.records.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`} onClick={onClose}>
                        {r.lastName}, {r.firstName}
                      </Link>
                      <Typography variant="caption" component="div" color="text.secondary">
                        {r.sevisId || 'New record'}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {r.eventType}
                      {r.action ? ` / ${r.action}` : ''}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {r.recordKind === 'create' ? 'Create record' : 'Update record'}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.sevisRequestId}</TableCell>
                    <TableCell>{recordResult(b.status, r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

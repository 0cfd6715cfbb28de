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
import { labelOfStatus, sevisApi } from '@meridian/domain';
import { PageLoader } from '../../../ui/page-loader';
import { useGetBatch } from '../api/sevis-batches';
import { BatchStatusChip } from './batch-status-chip';

/** A record's result: where its SEVIS event stands (the events' one vocabulary), with SEVIS's code and message once the log is in. */
function recordResult(r: sevisApi.TSevisBatchDetail['records'][number]): string {
  const status = labelOfStatus('sevisEvent', r.status);
  return r.resultCode ? `${status}: ${r.resultCode} ${r.resultMessage}`.trim() : status;
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
                    <TableCell>{recordResult(r)}</TableCell>
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

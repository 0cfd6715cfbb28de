import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { can, sevisApi, type jobsApi } from '@meridian/domain';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { actorOf } from '../../../shells/common/menu';
import { failureMessage, isSessionOrAccess } from '../../../app/errors/failure';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { snack } from '../../../ui/notify';
import { useGetCurrentUser } from '../../auth';
import { useFetchBatchResults, useSendBatchToSevis, useGetTransportStatus } from '../api/sevis-results';
import { REBUILD_BATCH_JOB, useRebuildBatch } from '../api/sevis-batches';
import { useFollowedJob } from '../api/sevis-jobs';
import { JobProgress } from '../../jobs';

/**
 * The caller's batch rebuild as it runs on the server (started from a batch's row, or found again
 * after a reload), then what it did.
 */
export function RebuildBatchProgress() {
  const qc = useQueryClient();
  const { jobId, forget } = useFollowedJob(REBUILD_BATCH_JOB);
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      forget();
      void qc.invalidateQueries({ queryKey: ['sevis'] });
      void qc.invalidateQueries({ queryKey: ['students'] });
      const parsed = job.status === 'completed' ? sevisApi.ZRebuildBatchOutput.safeParse(job.result) : null;
      if (!parsed?.success) {
        snack(job.error?.message ?? 'The batch could not be rebuilt.', 'error');
        return;
      }
      const r = parsed.data;
      snack(
        r.batches.length
          ? `Rebuilt as ${r.batches.map((b) => b.batchId).join(', ')}: download or send the new batch.`
          : `${r.returnedEvents} update(s) are pending again; ${r.heldEvents} held back for corrections.`,
        'success',
      );
    },
    [forget, qc],
  );
  return jobId ? <JobProgress jobId={jobId} label="Rebuilding the batch" onEnd={ended} /> : null;
}

/**
 * The results actions of one batch in the Batch Manager: "Send to SEVIS" (a pending batch) and "Fetch
 * results" (a sent one) when the SEVIS batch interface is configured, and "Import log" (the
 * transaction log uploaded by hand) always.
 */
export function BatchResultsActions({ batch }: { batch: { id: string; batchId: string; status: string; resultCode: string } }) {
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayImport = can(actor, 'sevis.import');
  const transport = useGetTransportStatus(can(actor, 'sevis.read'));
  const send = useSendBatchToSevis();
  const fetchResults = useFetchBatchResults();
  const configured = transport.data?.isConfigured === true;
  const fail = (e: unknown) => (isSessionOrAccess(e) ? handleApiError(e) : snack(failureMessage(e), 'error'));
  const rebuild = useRebuildBatch();
  const rebuilding = useFollowedJob(REBUILD_BATCH_JOB);
  const [askRebuild, setAskRebuild] = useState(false);
  const mayRebuild = batch.status !== 'rebuilt' && sevisApi.isWholeBatchRefusal(batch.resultCode) && can(actor, 'sevis.batch');
  return (
    <>
      {mayRebuild ? (
        <Button
          size="small"
          startIcon={<ReplayOutlined />}
          disabled={rebuild.isPending || !!rebuilding.jobId}
          aria-label={`Rebuild batch ${batch.batchId}, which SEVIS refused`}
          onClick={() => setAskRebuild(true)}
        >
          Rebuild batch
        </Button>
      ) : null}
      <ConfirmDialog
        open={askRebuild}
        title={`Rebuild batch ${batch.batchId}?`}
        message={`SEVIS refused this whole batch (${batch.resultCode}), so none of its records reached SEVIS. Its updates go back to pending and into a new batch with a new batch id, built from the records as they stand now; this batch is kept, marked rebuilt.`}
        confirmLabel="Rebuild batch"
        busy={rebuild.isPending}
        onCancel={() => setAskRebuild(false)}
        onConfirm={() =>
          rebuild.mutate(batch.id, {
            onSuccess: (job) => {
              setAskRebuild(false);
              rebuilding.follow(job);
            },
            onError: (e) => {
              setAskRebuild(false);
              fail(e);
            },
          })
        }
      />
      {configured && batch.status === 'pending' && can(actor, 'sevis.batch') ? (
        <Button
          size="small"
          startIcon={<CloudUploadOutlined />}
          disabled={send.isPending}
          aria-label={`Send batch ${batch.batchId} to SEVIS`}
          onClick={() =>
            send.mutate(batch.id, { onSuccess: (r) => snack(r.message, r.status === 'sent' ? 'success' : 'warning'), onError: fail })
          }
        >
          Send to SEVIS
        </Button>
      ) : null}
      {configured && batch.status === 'sent' && mayImport ? (
        <Button
          size="small"
          startIcon={<CloudDownloadOutlined />}
          disabled={fetchResults.isPending}
          aria-label={`Fetch the SEVIS results of batch ${batch.batchId}`}
          onClick={() =>
            fetchResults.mutate(batch.id, { onSuccess: (r) => snack(r.message, r.isReady ? 'success' : 'info'), onError: fail })
          }
        >
          Fetch results
        </Button>
      ) : null}
      {batch.status === 'sent' && mayImport ? (
        <Button
          size="small"
          component={RouterLink}
          to={`/isss/sevis-results?batch=${encodeURIComponent(batch.batchId)}`}
          startIcon={<UploadFileOutlined />}
          aria-label={`Import the transaction log of batch ${batch.batchId}`}
        >
          Import log
        </Button>
      ) : null}
    </>
  );
}

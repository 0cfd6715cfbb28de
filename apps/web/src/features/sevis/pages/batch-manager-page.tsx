import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { sevisApi, type jobsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { CREATE_BATCHES_JOB, useCreateBatches, useMarkBatchSent, useListPendingGroups } from '../api/sevis-batches';
import { JobProgress, useActiveJobOf } from '../../jobs';
import { BatchDetailDialog } from '../components/batch-detail-dialog';
import { RebuildBatchProgress } from './results-batch-actions';
import { BatchEventsTable, EVENT_FILTERS } from '../components/batch-events-table';
import { BatchGroups } from '../components/batch-groups';
import { BatchListTable } from '../components/batch-list-table';
import { createdMessage } from '../components/batch-created-message';

/** #/isss/batch-manager: pending SEVIS updates by OrgID, creating validated batches, and the batches with their statuses. */
export function BatchManagerPage() {
  useDocumentTitle('Batch Manager');
  const groups = useListPendingGroups();
  const create = useCreateBatches();
  const markSent = useMarkBatchSent();
  const [, setEventFilters] = useUrlFilters({ ...EVENT_FILTERS, ePage: '1' });
  const [result, setResult] = useState<sevisApi.TCreateBatchesOutput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Building runs on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(CREATE_BATCHES_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? active.data?.id ?? null;
  const qc = useQueryClient();
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', CREATE_BATCHES_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: ['sevis'] });
      if (job.status === 'completed') {
        const parsed = sevisApi.ZCreateBatchesOutput.safeParse(job.result);
        if (parsed.success) setResult(parsed.data);
      } else setFailure(job.error?.message ?? 'The batches could not be created.');
    },
    [qc],
  );
  const building = create.isPending || !!jobId;
  const [sending, setSending] = useState<sevisApi.TSevisBatch | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const items = groups.data?.items ?? [];
  const anyCreatable = items.some((g) => g.canCreate && g.settingsId && g.pendingCount + g.heldCount > 0);

  // Creating batches takes the updates out of the queue: asked first, naming how many and for which OrgIDs.
  const [asking, setAsking] = useState<{ body: sevisApi.TCreateBatchesInput; groups: sevisApi.TPendingGroup[] } | null>(null);
  const ask = (body: sevisApi.TCreateBatchesInput) =>
    setAsking({
      body,
      groups: items.filter(
        (g) => g.canCreate && g.settingsId && g.pendingCount + g.heldCount > 0 && (!body.settingsId || g.settingsId === body.settingsId),
      ),
    });
  const run = (body: sevisApi.TCreateBatchesInput) => {
    setAsking(null);
    setResult(null);
    setFailure(null);
    create.mutate(body, {
      onSuccess: (job) => setStarted(job.id),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Batch Manager"
        subtitle="Pending SEVIS updates become batch files of at most 250 records, each checked against the SEVIS schema before it is stored. Download a batch to upload it in SEVIS, then mark it sent."
        actions={
          <Button
            variant="contained"
            disabled={!anyCreatable || building}
            onClick={() => ask({})}
            startIcon={building ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Inventory2Outlined />}
          >
            Create all batches
          </Button>
        }
      />
      {jobId ? <JobProgress jobId={jobId} label="Creating batches" onEnd={ended} /> : null}
      <RebuildBatchProgress />
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {result ? (
        <Alert
          severity={result.heldEvents ? 'warning' : result.batches.length ? 'success' : 'info'}
          role="status"
          sx={{ mb: 2 }}
          onClose={() => setResult(null)}
        >
          {createdMessage(result)}
        </Alert>
      ) : null}
      {items.length > 0 && !items.some((g) => g.canCreate) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You are not a DSO or ARO on SEVIS Permissions: you can follow the queue and download batches, but only the staff listed there
          create batches and mark them sent.
        </Alert>
      ) : null}
      <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
        Pending updates by OrgID
      </Typography>
      {groups.isPending ? (
        <PageLoader />
      ) : (
        <BatchGroups
          groups={items}
          busy={building}
          onCreate={(g) => ask({ settingsId: g.settingsId! })}
          onShow={(g) => setEventFilters({ eOrg: g.settingsId ?? 'none', eStatus: '', ePage: '1' })}
        />
      )}
      <Typography variant="h2" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        Pending and held-back updates
      </Typography>
      <BatchEventsTable groups={items} />
      <Typography variant="h2" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        Batches
      </Typography>
      <BatchListTable groups={items} onMarkSent={setSending} onOpen={(b) => setOpen(b.id)} />
      <ConfirmDialog
        open={!!asking}
        title="Create SEVIS batches"
        message={(() => {
          const n = (asking?.groups ?? []).reduce((sum, g) => sum + g.pendingCount + g.heldCount, 0);
          return `Create SEVIS batches from ${n.toLocaleString('en-US')} ${n === 1 ? 'update' : 'updates'} waiting?`;
        })()}
        effects={[
          ...(asking?.groups ?? []).map(
            (g) =>
              `OrgID ${g.orgId} (${g.campusSiteName}, ${g.programKind === 'J' ? 'J-1' : 'F-1'}): ${g.pendingCount.toLocaleString('en-US')} pending${
                g.heldCount ? `, ${g.heldCount.toLocaleString('en-US')} held back` : ''
              }.`,
          ),
          'Each update is checked against SEVIS’s rules and schema again; those that pass leave the queue for batch files of at most 250 records, to download and upload in SEVIS. Those that fail are held back with the reason.',
        ]}
        confirmLabel="Create batches"
        busy={create.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && run(asking.body)}
      />
      <ConfirmDialog
        open={!!sending}
        title="Mark the batch sent"
        busy={markSent.isPending}
        confirmLabel="Mark sent"
        message={
          sending
            ? `Have you uploaded batch ${sending.batchId} (${sending.recordCount} ${sending.recordCount === 1 ? 'record' : 'records'}) in SEVIS? It will show "Sent – awaiting results" until its transaction log is imported.`
            : ''
        }
        onCancel={() => setSending(null)}
        onConfirm={() =>
          sending &&
          markSent.mutate(sending.id, {
            onSuccess: () => {
              snack(`Batch ${sending.batchId} marked sent.`, 'success');
              setSending(null);
            },
          })
        }
      />
      {open ? <BatchDetailDialog batchRowId={open} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}

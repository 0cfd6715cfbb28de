import { useCallback, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { studentsApi, type jobsApi } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';
import { ACTIVE_IMPORT_APPLY_JOB, activeImportsKey, useApplyActiveImport, useDiscardActiveImport } from '../api/active-imports';

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, one: string, many: string) => `${n(x)} ${x === 1 ? one : many}`;

/** What is left to apply and what was applied, the Apply and Discard actions, and the apply's progress. */
export function ApplyPanel({ imp }: { imp: studentsApi.TActiveImportSummary }) {
  const qc = useQueryClient();
  const apply = useApplyActiveImport(imp.id);
  const discard = useDiscardActiveImport(imp.id);
  const [confirm, setConfirm] = useState<'apply' | 'discard' | null>(null);
  // Applying runs on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(ACTIVE_IMPORT_APPLY_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? active.data?.id ?? null;
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', ACTIVE_IMPORT_APPLY_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: activeImportsKey });
      void qc.invalidateQueries({ queryKey: ['students', 'list'] });
      const parsed = job.status === 'completed' ? studentsApi.ZActiveImportApplyOutput.safeParse(job.result) : null;
      if (parsed?.success) {
        const o = parsed.data;
        const rest = [o.skipped ? `${n(o.skipped)} skipped` : '', o.failed ? `${n(o.failed)} could not be applied` : ''].filter(Boolean);
        snack(
          `${plural(o.applied, 'record', 'records')} updated, ${plural(o.sevisUpdates, 'SEVIS update', 'SEVIS updates')} queued${rest.length ? `; ${rest.join(', ')} (see the rows)` : ''}.`,
          rest.length ? 'warning' : 'success',
        );
      } else snack(jobFailure(job).message, 'error');
    },
    [qc],
  );
  const busy = apply.isPending || !!jobId;

  if (imp.status === 'discarded')
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        This import was discarded: nothing more is applied from it. Upload the feed again to compare it anew.
      </Alert>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }} aria-live="polite">
          {plural(imp.pending, 'change', 'changes')} to apply · {n(imp.excluded)} left out · {n(imp.applied)} applied (
          {plural(imp.sevisUpdates, 'SEVIS update', 'SEVIS updates')} queued)
          {imp.skipped ? ` · ${n(imp.skipped)} skipped` : ''}
          {imp.failed ? ` · ${n(imp.failed)} failed` : ''}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={imp.pending === 0 || busy} onClick={() => setConfirm('apply')}>
            {imp.pending ? `Apply ${plural(imp.pending, 'change', 'changes')}` : 'Nothing left to apply'}
          </Button>
          <Button color="error" disabled={busy} onClick={() => setConfirm('discard')}>
            Discard
          </Button>
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Each record takes the feed’s value for each field that changes, as a staff edit would: the History Log shows it, and SEVIS updates
        are queued where SEVIS must hear of the change. A record someone changed since the comparison is skipped. Rows not found and records
        not in the feed are not changed: follow them up on the records.
      </Typography>
      {jobId ? <JobProgress jobId={jobId} label="Applying the changes" onEnd={ended} /> : null}
      <ConfirmDialog
        open={confirm === 'apply'}
        title={`Apply ${plural(imp.pending, 'change', 'changes')}?`}
        message="The records take the feed’s values for the fields that change. Rows you left out stay as they are."
        confirmLabel="Apply"
        busy={apply.isPending}
        onConfirm={() =>
          apply.mutate(undefined, {
            onSuccess: (job) => {
              setConfirm(null);
              setStarted(job.id);
            },
            onError: (e) => {
              setConfirm(null);
              snack(isApiError(e) ? e.message : 'The changes could not be applied.', 'error');
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        title="Discard this import?"
        message="Nothing more is applied from it, and its rows not applied are erased. What was applied stays."
        confirmLabel="Discard"
        destructive
        busy={discard.isPending}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              snack('The import was discarded.', 'success');
            },
            onError: (e) => {
              setConfirm(null);
              snack(isApiError(e) ? e.message : 'Could not discard.', 'error');
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
    </Paper>
  );
}

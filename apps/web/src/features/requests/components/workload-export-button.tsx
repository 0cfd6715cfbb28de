import { useCallback, useState } from 'react';
import { Box, Button } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import { useQueryClient } from '@tanstack/react-query';
import { requestsApi, type jobsApi } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { jobFailure, JobProgress, useActiveJobOf } from '../../jobs';
import { downloadAssignmentReportExport, useStartAssignmentReportExport } from '../api/assignment-rules';

/**
 * Export of the workload report (docs/product/requests.md#the-assignment-report): a job on the server;
 * a page reloaded meanwhile finds it again and still downloads the workbook.
 */
export function WorkloadExportButton({ disabled }: { disabled: boolean }) {
  const start = useStartAssignmentReportExport();
  const active = useActiveJobOf(requestsApi.EXPORT_ASSIGNMENT_REPORT_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = started ?? active.data?.id ?? null;
  const qc = useQueryClient();
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', requestsApi.EXPORT_ASSIGNMENT_REPORT_JOB], { items: [] });
      if (job.status !== 'completed') return snack(jobFailure(job).message, 'error');
      setSaving(true);
      downloadAssignmentReportExport(job)
        .catch((e: unknown) => snack((e as Error).message, 'error'))
        .finally(() => setSaving(false));
    },
    [qc],
  );
  const exporting = start.isPending || !!running || saving;
  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownload aria-hidden />}
        disabled={exporting || disabled}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (job) => setStarted(job.id),
            onError: (e) => snack(isApiError(e) ? e.message : 'The export could not be started.', 'error'),
          })
        }
      >
        {exporting ? 'Exporting…' : 'Export workload'}
      </Button>
      {running ? <JobProgress jobId={running} label="Exporting the workload" onEnd={ended} /> : null}
    </Box>
  );
}

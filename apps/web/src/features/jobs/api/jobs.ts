import { useQuery } from '@tanstack/react-query';
import { jobsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { downloadFile } from '../../../app/http/download-file';

export const isJobActive = (job: jobsApi.TJob | undefined | null) => !!job && (job.status === 'queued' || job.status === 'running');

/** One job, asked again every moment while it runs (docs/product/operations.md#long-work-runs-as-jobs). */
export function useJob(jobId: string | null) {
  return useQuery({
    queryKey: ['jobs', 'one', jobId],
    queryFn: ({ signal }) => apiCall(jobsApi.getJob, { params: { jobId: jobId! }, signal }),
    enabled: !!jobId,
    refetchInterval: (q) => (isJobActive(q.state.data) || !q.state.data ? jobsApi.jobPollMs(q.state.dataUpdateCount) : false),
  });
}

/** The caller's unfinished job of a kind: a page reloaded while its work runs picks it up again. */
export function useActiveJobOf(kind: string) {
  return useQuery({
    queryKey: ['jobs', 'active', kind],
    queryFn: ({ signal }) => apiCall(jobsApi.listJobs, { query: { kind, active: 'true' }, signal }),
    select: (r) => r.items[0] ?? null,
    staleTime: Infinity,
  });
}

/** Saves the file a finished job produced (an export, a combined PDF). */
export function downloadJobFile(job: jobsApi.TJob, fallbackName: string): Promise<void> {
  return downloadFile(jobsApi.downloadJobFile, { params: { jobId: job.id } }, job.fileName ?? fallbackName);
}

import { useEffect, useRef } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { jobsApi } from '@meridian/domain';
import { isJobActive, useJob } from '../api/jobs';
import { formatCount } from '../../../ui/format-count';

const count = formatCount;

/** "Checking rows: 1,200 of 5,000" (or the phase alone while the amount is not known). */
export function jobProgressText(job: Pick<jobsApi.TJob, 'phase' | 'done' | 'total' | 'status'>): string {
  if (job.status === 'queued') return job.phase || 'Waiting to start';
  if (job.total === null || job.total === 0) return job.phase || 'Working';
  return `${job.phase || 'Working'}: ${count(Math.min(job.done, job.total))} of ${count(job.total)}`;
}

/**
 * Follows a job: a progress bar with what it is doing, read out politely to screen readers, until it
 * ends; then onEnd gets the finished job once (its result, or its error to show on the page).
 */
export function JobProgress({ jobId, label, onEnd }: { jobId: string; label: string; onEnd: (job: jobsApi.TJob) => void }) {
  const { data: job, error } = useJob(jobId);
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (job && !isJobActive(job) && ended.current !== job.id) {
      ended.current = job.id;
      onEnd(job);
    }
  }, [job, onEnd]);
  if (error)
    return (
      <Alert severity="error">We could not find out how the work is going. It goes on on the server; reload the page to look again.</Alert>
    );
  if (!job || !isJobActive(job)) return null;
  const percent = job.total ? Math.round((100 * Math.min(job.done, job.total)) / job.total) : null;
  const text = jobProgressText(job);
  return (
    <Box sx={{ my: 2 }} aria-live="polite" aria-busy="true">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
        {job.attempts > 1 ? ' (resumed after a server restart)' : ''}
      </Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        {...(percent === null ? {} : { value: percent })}
        aria-label={label}
        aria-valuetext={text}
      />
    </Box>
  );
}

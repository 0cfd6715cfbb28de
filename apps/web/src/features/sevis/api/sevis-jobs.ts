import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { jobsApi } from '@meridian/domain';
import { useActiveJobOf } from '../../jobs';

/**
 * The caller's job of one kind that a page follows: the one just started here, or the one a reloaded
 * page (or another component of the same page) finds still running. Starting and ending go through
 * the shared "active job" cache, so everything following the kind sees the same job.
 */
export function useFollowedJob(kind: string) {
  const qc = useQueryClient();
  const active = useActiveJobOf(kind);
  const actions = useMemo(() => {
    const key = ['jobs', 'active', kind];
    return {
      follow: (job: jobsApi.TJob) => qc.setQueryData(key, { items: [job] }),
      forget: () => qc.setQueryData(key, { items: [] }),
    };
  }, [kind, qc]);
  return { jobId: active.data?.id ?? null, ...actions };
}

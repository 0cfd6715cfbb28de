import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { auditApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { downloadJobFile } from '../../jobs';

/** The office's Logs: one server page with its filters. */
export function useListLogs(query: z.input<typeof auditApi.ZListLogsQuery>) {
  return useQuery({
    queryKey: ['audit', 'logs', query],
    queryFn: ({ signal }) => apiCall(auditApi.listLogs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Starts the Excel export of the Logs of the same filters; the answer is the job to follow. */
export function useStartLogsExport() {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: z.input<typeof auditApi.ZLogFilters>) => apiCall(auditApi.exportLogs, { body }),
  });
}

/** Saves the workbook a finished export job wrote. */
export function downloadLogsExport(job: jobsApi.TJob): Promise<void> {
  return downloadJobFile(job, 'Logs.xlsx');
}

/** A student record's disclosures: who opened or exported it, one page. */
export function useListStudentDisclosures(profileId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['audit', 'disclosures', profileId, page, pageSize],
    queryFn: ({ signal }) => apiCall(auditApi.listStudentDisclosures, { params: { profileId }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

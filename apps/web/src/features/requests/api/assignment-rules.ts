import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type jobsApi } from '@meridian/domain';
import type { z } from 'zod';
import { apiCall } from '../../../app/http/api-call';
import { downloadJobFile } from '../../jobs';

/** Student Request Assignment: the rules, staff they may assign to, moving requests, the workload report. */
const KEY = ['request-assignment'] as const;
const RULES = [...KEY, 'rules'] as const;

export type TRuleBody = z.output<typeof requestsApi.ZAssignmentRuleInput>;

export function useListAssignmentRules() {
  return useQuery({ queryKey: RULES, queryFn: ({ signal }) => apiCall(requestsApi.listAssignmentRules, { signal }) });
}

/** Staff who may be assigned student requests of this campus site (null: of any site). */
export function useListRuleAssignees(campusSiteId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'assignees', campusSiteId],
    queryFn: ({ signal }) => apiCall(requestsApi.listRuleAssignees, { query: campusSiteId === null ? {} : { campusSiteId }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or change a rule; the rules refresh. */
export function useSaveAssignmentRule() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (v: { id?: string | undefined; body: TRuleBody }) =>
      v.id
        ? apiCall(requestsApi.updateAssignmentRule, { params: { ruleId: v.id }, body: v.body })
        : apiCall(requestsApi.createAssignmentRule, { body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: RULES }),
  });
}

export function useDeleteAssignmentRule() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (ruleId: string) => apiCall(requestsApi.deleteAssignmentRule, { params: { ruleId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: RULES }),
  });
}

export function useReorderAssignmentRules() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (ids: string[]) => apiCall(requestsApi.reorderAssignmentRules, { body: { ids } }),
    onSuccess: (data) => qc.setQueryData(RULES, data),
  });
}

export function useAssignmentReport() {
  return useQuery({ queryKey: [...KEY, 'report'], queryFn: ({ signal }) => apiCall(requestsApi.getAssignmentReport, { signal }) });
}

/** Moves open requests from one person to another; the report and every request list refresh. */
export function useReassignRequests() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: z.output<typeof requestsApi.ZReassignInput>) => apiCall(requestsApi.reassignRequests, { body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      await qc.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}

/** Starts the Excel export of the workload report; the answer is the job to follow. */
export function useStartAssignmentReportExport() {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(requestsApi.exportAssignmentReport),
  });
}

/** Saves the workbook a finished export job wrote. */
export function downloadAssignmentReportExport(job: jobsApi.TJob): Promise<void> {
  return downloadJobFile(job, 'Student_Request_Workload.xlsx');
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** Everything the OPT pages cache: any change refreshes the lists, the reports and the deadlines. */
const optKey = ['student-opt'] as const;

/** One page of OPT Students & Employers (scoped, filtered, sorted and paged on the server). */
export function useListOptStudents(query: studentsApi.TListOptStudentsQuery, enabled = true) {
  return useQuery({
    queryKey: [...optKey, 'students', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listOptStudents, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of STEM Report Participation. */
export function useListStemReports(query: studentsApi.TListStemReportsQuery, enabled = true) {
  return useQuery({
    queryKey: [...optKey, 'stem-reports', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listStemReports, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the deadlines dashboard. */
export function useListDeadlines(query: studentsApi.TListDeadlinesQuery, enabled = true) {
  return useQuery({
    queryKey: [...optKey, 'deadlines', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listDeadlines, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Mark a validation report or evaluation received. */
export function useMarkStemReportReceived() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { reportId: string; body: studentsApi.TMarkStemReportReceivedInput }) =>
      apiCall(studentsApi.markStemReportReceived, { params: { reportId: v.reportId }, body: v.body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: optKey }),
  });
}

/** Record (no employmentId) or change an OPT employer period. */
export function useSaveEmployment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { profileId: string; employmentId?: string | undefined; body: studentsApi.TEmploymentInput }) =>
      v.employmentId
        ? apiCall(studentsApi.updateEmployment, { params: { profileId: v.profileId, employmentId: v.employmentId }, body: v.body })
        : apiCall(studentsApi.createEmployment, { params: { profileId: v.profileId }, body: v.body }),
    // The dialog shows field errors on its fields (handleFormError takes the rest global).
    meta: { errorHandling: 'local' },
    // An employer period changes OPT titles of the Student List (and their counts).
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: optKey }), qc.invalidateQueries({ queryKey: ['students', 'list'] })]),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type TStudentVisaType } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const KEY = ['students', 'welcome-wizard-steps'] as const;

export function useListWizardSteps(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiCall(studentsApi.listWizardSteps, { signal }), enabled });
}

export function useGetWizardStep(stepId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...KEY, stepId],
    queryFn: ({ signal }) => apiCall(studentsApi.getWizardStep, { params: { stepId: stepId! }, signal }),
    enabled: enabled && !!stepId,
  });
}

/** Create (no id) or change a step; the list refreshes. */
export function useSaveWizardStep() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (v: { id?: string | undefined; body: studentsApi.TSaveWizardStepInput }) =>
      v.id
        ? apiCall(studentsApi.updateWizardStep, { params: { stepId: v.id }, body: v.body })
        : apiCall(studentsApi.createWizardStep, { body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['students'] }),
  });
}

export function useDeleteWizardStep() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (stepId: string) => apiCall(studentsApi.deleteWizardStep, { params: { stepId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['students'] }),
  });
}

export function useReorderWizardSteps() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (ids: string[]) => apiCall(studentsApi.reorderWizardSteps, { body: { ids } }),
    onSuccess: (data) => qc.setQueryData(KEY, data),
  });
}

/** The wizard as a student of this visa type sees it. */
export function usePreviewWizard(visaType: TStudentVisaType) {
  return useQuery({
    queryKey: ['students', 'welcome-wizard-preview', visaType],
    queryFn: ({ signal }) => apiCall(studentsApi.previewWizard, { query: { visaType }, signal }),
  });
}

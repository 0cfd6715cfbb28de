import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type TAnswers } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

export const MY_STAGE_KEY = ['students', 'me', 'stage'] as const;

/** The signed-in student's current stage: questions with answers, documents with files, completeness. */
export function useGetMyStage() {
  return useQuery({ queryKey: MY_STAGE_KEY, queryFn: ({ signal }) => apiCall(studentsApi.getMyStage, { signal }) });
}

/** Save draft answers (no completeness check); the stage comes back refreshed. */
export function useSaveMyStageAnswers() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (answers: TAnswers) => apiCall(studentsApi.saveMyStageAnswers, { body: { answers } }),
    onSuccess: (data) => qc.setQueryData(MY_STAGE_KEY, data),
  });
}

/** Mark one welcome wizard step done (refused with messages per item while it is incomplete). */
export function useCompleteMyWizardStep() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (stepId: string) => apiCall(studentsApi.completeMyWizardStep, { params: { stepId } }),
    onSuccess: (data) => qc.setQueryData(MY_STAGE_KEY, data),
  });
}

/** Finish the current stage and move to the next one. */
export function useCompleteMyStage() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(studentsApi.completeMyStage, {}),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: MY_STAGE_KEY });
      // The header and the post-login routing read the stage from the current user.
      await qc.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}

/** Staff: a student's portal stage progress. */
export function useGetStageProgress(profileId: string, enabled = true) {
  return useQuery({
    queryKey: ['students', profileId, 'stage-progress'],
    queryFn: ({ signal }) => apiCall(studentsApi.getStageProgress, { params: { profileId }, signal }),
    enabled,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { tasksKey } from './list-tasks';

export function useDeleteTask(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => apiCall(requestsApi.deleteTask, { params: { requestId, taskId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tasksKey(requestId) }),
  });
}

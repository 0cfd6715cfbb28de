import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TTaskInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { tasksKey } from './list-tasks';

/** Create (no taskId) or update a task. */
export function useSaveTask(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { taskId?: string | undefined; body: TTaskInput }) =>
      v.taskId
        ? apiCall(requestsApi.updateTask, { params: { requestId, taskId: v.taskId }, body: v.body })
        : apiCall(requestsApi.createTask, { params: { requestId }, body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tasksKey(requestId) }),
  });
}
